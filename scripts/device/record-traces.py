#!/usr/bin/env python3
"""Records torch.profiler traces of several networks, the way the BERT-base example trace in
shared/data/h200-2026-11-26/ was recorded, and what each should read as, for the trace reader's
check against real traces of networks it was not built on (issue 21).

On a machine with a CUDA GPU, PyTorch, torchvision and transformers:

    python3 scripts/device/record-traces.py OUT_DIR [--long]

writes, per case, OUT_DIR/trace-<case>.json (plain, as export_chrome_trace writes it) and
OUT_DIR/trace-<case>.json.gz, and OUT_DIR/expected.json: per case the kernels per profiled step,
the GPU's busy share of the steps and the verdict the case is built to show. The first two are
computed here from the trace's own events, independently of the course's TypeScript reader:

- kernels per step: events with cat "kernel" starting inside each ProfilerStep#N annotation,
  averaged over the profiled steps;
- GPU busy share: the union of kernel, gpu_memcpy and gpu_memset intervals inside the steps,
  over the steps' total duration.

Then, on any machine, `npm run -s check:traces -- OUT_DIR` reads each file with the course's
reader and compares (kernels exactly, busy share within 2.5 points, the verdict).
`--measure TRACE` prints one trace's numbers (no PyTorch needed). `--long` also records a trace 20 times as long (40 profiled steps of the MLP).

Protocol: models from their default configs (random weights) on the GPU; bf16 autocast where the
case says; cudnn.benchmark on; ResNet in channels_last; SDPA attention; a training step is
forward + loss + backward + optimizer.step() + zero_grad(set_to_none=True) inside
torch.profiler.record_function-free code, with profile(schedule=schedule(wait=1, warmup=2,
active=STEPS), activities=[CPU, CUDA], record_shapes=True) and prof.step() after each step.
"""
import argparse
import gzip
import json
import os
import shutil
import time

try:  # `--measure` needs only the standard library, so it runs where PyTorch is missing
    import torch
    from torch import nn
    from torch.profiler import ProfilerActivity, profile, schedule
except ImportError:
    torch = None


class SlowDigits:
    """A dataset whose items take a while to make, as a decoding or augmenting loader does."""

    def __len__(self):
        return 1 << 20

    def __getitem__(self, index):
        time.sleep(0.0005)  # 0.5 ms per sample: 32 ms per batch of 64
        return torch.randn(784), index % 10


def mlp():
    return nn.Sequential(nn.Flatten(), nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512),
                         nn.ReLU(), nn.Linear(512, 10))


def case_mlp(dev, slow_loader=False):
    model = mlp().to(dev)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    loss_fn = nn.CrossEntropyLoss()
    if slow_loader:
        loader = iter(torch.utils.data.DataLoader(SlowDigits(), batch_size=64, num_workers=0))

        def batch():
            x, y = next(loader)
            return x.to(dev), y.to(dev)
    else:
        x = torch.randn(64, 784, device=dev)
        y = torch.randint(0, 10, (64,), device=dev)

        def batch():
            return x, y

    def step():
        inputs, labels = batch()
        loss = loss_fn(model(inputs), labels)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    return step


def case_resnet50(dev):
    import torchvision

    model = torchvision.models.resnet50().to(dev, memory_format=torch.channels_last)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    loss_fn = nn.CrossEntropyLoss()
    x = torch.randn(128, 3, 224, 224, device=dev).to(memory_format=torch.channels_last)
    y = torch.randint(0, 1000, (128,), device=dev)

    def step():
        with torch.autocast("cuda", dtype=torch.bfloat16):
            loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    return step


def case_gpt2(dev):
    from transformers import GPT2Config, GPT2LMHeadModel

    model = GPT2LMHeadModel(GPT2Config(attn_implementation="sdpa")).to(dev)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    ids = torch.randint(0, 50257, (8, 512), device=dev)

    def step():
        with torch.autocast("cuda", dtype=torch.bfloat16):
            loss = model(input_ids=ids, labels=ids).loss
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    return step


CASES = {
    # name: (builder, profiled steps, the verdict the case is built to show)
    "mlp-b64-fp32": (lambda dev: case_mlp(dev), 2, "host"),
    "mlp-slow-loader": (lambda dev: case_mlp(dev, slow_loader=True), 2, "data-loading"),
    # Both were first recorded expecting "compute"; the H200 run of 2026-11-27 showed otherwise
    # (tests/fixtures/traces/expected.json says why): batch norm and elementwise kernels take
    # 69 % of ResNet-50's kernel time in bf16, and GPT-2 small keeps the GPU busy 40 % of a step.
    "resnet50-b128-amp-bf16": (case_resnet50, 2, "memory"),
    "gpt2-b8-s512-amp-bf16": (case_gpt2, 2, "host"),
}


def record(name, build, steps, out_dir, dev):
    torch.backends.cudnn.benchmark = True
    step = build(dev)
    for _ in range(3):  # settle cuDNN autotuning and the allocator before the profiler waits
        step()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA],
                 schedule=schedule(wait=1, warmup=2, active=steps), record_shapes=True) as prof:
        for _ in range(1 + 2 + steps):
            step()
            torch.cuda.synchronize()
            prof.step()
    path = os.path.join(out_dir, f"trace-{name}.json")
    prof.export_chrome_trace(path)
    with open(path, "rb") as src, gzip.open(path + ".gz", "wb") as dst:
        shutil.copyfileobj(src, dst)
    return path


def union_us(intervals):
    total, end = 0.0, float("-inf")
    for start, stop in sorted(intervals):
        if stop <= end:
            continue
        total += stop - max(start, end)
        end = stop
    return total


def measure(path):
    """Kernels per step and the GPU busy share of the steps, from a trace file's own events."""
    with open(path) as f:
        return measure_events(json.load(f)["traceEvents"])


def measure_events(trace_events):
    """Kernels per step and the GPU busy share of the steps, from a trace's events. The steps are
    the ProfilerStep#N annotations; a trace without them (export_chrome_trace of a plain profile)
    counts one step per Optimizer.step annotation over its whole span, first event to last."""
    events = [e for e in trace_events if e.get("ph") == "X" and "ts" in e]
    gpu = [e for e in events if e.get("cat") in ("kernel", "gpu_memcpy", "gpu_memset")]
    steps = [(float(e["ts"]), float(e["ts"]) + float(e.get("dur", 0))) for e in events
             if e.get("cat") == "user_annotation"
             and str(e.get("name", "")).startswith("ProfilerStep#")]
    count = len(steps)
    if not steps:
        count = sum(1 for e in events if e.get("cat") == "user_annotation"
                    and str(e.get("name", "")).startswith("Optimizer.step#")) or 1
        first = min(float(e["ts"]) for e in events)
        last = max(float(e["ts"]) + float(e.get("dur", 0)) for e in events)
        steps = [(first, last)]
    kernels, busy, total = 0, 0.0, 0.0
    for start, stop in steps:
        kernels += sum(1 for e in gpu if e["cat"] == "kernel" and start <= float(e["ts"]) < stop)
        inside = [(max(start, float(e["ts"])), min(stop, float(e["ts"]) + float(e["dur"])))
                  for e in gpu if float(e["ts"]) < stop and float(e["ts"]) + float(e["dur"]) > start]
        busy += union_us(inside)
        total += stop - start
    return {"steps": count, "kernelsPerStep": kernels / count,
            "gpuBusyShare": busy / total if total > 0 else 0.0}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out_dir", nargs="?")
    parser.add_argument("--long", action="store_true")
    parser.add_argument("--measure", metavar="TRACE", help="print one trace's expected numbers")
    args = parser.parse_args()
    if args.measure:
        opener = gzip.open if args.measure.endswith(".gz") else open
        with opener(args.measure, "rt") as f:
            print(json.dumps(measure_events(json.load(f)["traceEvents"])))
        return
    os.makedirs(args.out_dir, exist_ok=True)
    dev = torch.device("cuda")
    cases = dict(CASES)
    if args.long:
        cases["mlp-b64-fp32-40-steps"] = (lambda d: case_mlp(d), 40, "host")
    expected = {
        "gpu": torch.cuda.get_device_name(dev),
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "cases": [],
    }
    failed = []
    for name, (build, steps, verdict) in cases.items():
        try:  # one case failing (a missing package, say) leaves the others recorded
            path = record(name, build, steps, args.out_dir, dev)
        except Exception as error:  # noqa: BLE001: reported and counted, not swallowed
            print(f"{name}: FAILED: {type(error).__name__}: {error}", flush=True)
            failed.append(name)
            continue
        expected["cases"].append({"name": name, "files": [os.path.basename(path),
                                                         os.path.basename(path) + ".gz"],
                                  "verdict": verdict, **measure(path)})
        print(json.dumps(expected["cases"][-1]), flush=True)
        torch.cuda.empty_cache()
        with open(os.path.join(args.out_dir, "expected.json"), "w") as f:
            json.dump(expected, f, indent=2)
    if failed:
        raise SystemExit(f"{len(failed)} case(s) failed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
