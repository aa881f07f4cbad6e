#!/usr/bin/env python3
"""What CUDA itself reaches on this GPU for the kernel bench's memory and matmul cases, as a
yardstick for the WebGPU kernels (issue 23): the same sizes, timed with CUDA events.

    python3 scripts/device/torch-reference.py > torch-reference.json

- copy: y.copy_(x) of 8,388,608 and 33,554,432 f32 values (32 and 128 MiB), bytes read + written;
- sum: x.sum() of 33,554,432 f32 values, bytes read;
- ReLU: torch.clamp_min(x, 0, out=y), bytes read + written;
- fp32 matmul at 4096³ with TF32 off (what an f32 shader computes), FLOP/s.

Each is the median of 7 batches after a warm-up, each batch as many runs as fill about 10 ms.
"""
import json
import statistics

import torch

dev = torch.device("cuda")


def timed(fn, min_seconds=0.01):
    """Median seconds per call of fn over 7 batches of about min_seconds each."""
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    fn()
    end.record()
    end.synchronize()
    once = start.elapsed_time(end) / 1e3
    runs = max(1, int(min_seconds / max(once, 1e-7)))
    samples = []
    for _ in range(7):
        start.record()
        for _ in range(runs):
            fn()
        end.record()
        end.synchronize()
        samples.append(start.elapsed_time(end) / 1e3 / runs)
    return statistics.median(samples)


out = {"gpu": torch.cuda.get_device_name(dev), "torch": torch.__version__, "cases": []}
for elements in (1 << 23, 1 << 25):
    x = torch.rand(elements, device=dev)
    y = torch.empty_like(x)
    s = timed(lambda: y.copy_(x))
    out["cases"].append({"case": "copy", "elements": elements, "seconds": s,
                         "gbPerSecond": 8 * elements / s / 1e9})
x = torch.rand(1 << 25, device=dev) - 0.5
y = torch.empty_like(x)
s = timed(lambda: torch.clamp_min(x, 0, out=y))
out["cases"].append({"case": "relu", "elements": 1 << 25, "seconds": s,
                     "gbPerSecond": 8 * (1 << 25) / s / 1e9})
s = timed(lambda: x.sum())
out["cases"].append({"case": "sum", "elements": 1 << 25, "seconds": s,
                     "gbPerSecond": 4 * (1 << 25) / s / 1e9})
torch.backends.cuda.matmul.allow_tf32 = False
a = torch.rand(4096, 4096, device=dev)
b = torch.rand(4096, 4096, device=dev)
s = timed(lambda: a @ b)
out["cases"].append({"case": "matmul fp32 (TF32 off)", "edge": 4096, "seconds": s,
                     "tflopPerSecond": 2 * 4096 ** 3 / s / 1e12})
print(json.dumps(out, indent=2))
