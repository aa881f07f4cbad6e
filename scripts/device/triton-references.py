"""Issue 43: every Triton puzzle's reference solution under real Triton, against the course's
interpreter.

On a machine with a GPU, Triton and PyTorch:
    npx tsx scripts/export-triton-cases.ts /tmp/triton-cases.json   # on any machine
    python scripts/device/triton-references.py /tmp/triton-cases.json

For each puzzle and each checked size it rebuilds the inputs (flat storage, shape, strides),
runs the reference kernel with the same grid and block sizes, and prints the largest difference
from the interpreter's output and from the CPU reference, with the puzzle's tolerance. Under
real Triton, tl.dot on fp32 inputs defaults to tf32, so the matmul and attention puzzles are
expected to differ from the interpreter by tf32's rounding (about 1e-3 relative).
"""
import json
import sys
import types

import torch
import triton
import triton.language as tl

DTYPES = {"fp32": torch.float32, "fp16": torch.float16, "int32": torch.int32}


def load_kernel(source: str):
    module = types.ModuleType("puzzle")
    module.__dict__.update({"triton": triton, "tl": tl})
    exec(compile(source, "<puzzle>", "exec"), module.__dict__)
    kernels = [v for v in module.__dict__.values() if isinstance(v, triton.runtime.JITFunction)]
    if len(kernels) != 1:
        raise SystemExit(f"expected one @triton.jit kernel, found {len(kernels)}")
    return kernels[0]


def build_arg(arg):
    if "tensor" in arg:
        t = arg["tensor"]
        storage = torch.tensor(t["data"], dtype=DTYPES[t["dtype"]], device="cuda")
        return torch.as_strided(storage, t["shape"], t["strides"])
    if "float" in arg:
        return float(arg["float"])
    return arg["value"]


def main(path: str) -> None:
    puzzles = json.load(open(path))
    print("| puzzle | case | max abs diff vs interpreter | max abs diff vs CPU | tolerance (abs, rel) |")
    print("|---|---|---:|---:|---|")
    for p in puzzles:
        kernel = load_kernel(p["source"])
        for case in p["cases"]:
            args = [build_arg(a) for a in case["args"]]
            kernel[tuple(case["grid"])](*args, **p["constexprs"])
            torch.cuda.synchronize()
            for out in case["outputs"]:
                got = args[out["index"]].float().flatten().cpu()
                interp = torch.tensor(out["interpreter"], dtype=torch.float32)
                expected = torch.tensor(out["expected"], dtype=torch.float32)
                # Outputs may be strided views: compare the storage the interpreter saw.
                n = min(len(got), len(interp))
                d_interp = (got[:n] - interp[:n]).abs().max().item() if n else 0.0
                m = min(len(got), len(expected))
                d_cpu = (got[:m] - expected[:m]).abs().max().item() if m else 0.0
                tol = p["tolerance"]
                print(
                    f"| {p['id']} | {case['label']} ({out['name']}) | {d_interp:.3g} | {d_cpu:.3g} | "
                    f"{tol['absolute']}, {tol['relative']} |",
                    flush=True,
                )


if __name__ == "__main__":
    main(sys.argv[1])
