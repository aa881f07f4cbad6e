#!/usr/bin/env python3
"""Counts what one eager PyTorch step dispatches, from a torch.profiler Chrome trace.

Usage: python3 scripts/trace-counts.py TRACE.json[.gz] [STEPS]

For each top-level op on each CPU thread (the Python thread's ATen ops, the autograd thread's
nodes) it prints how many run per step, how many nested ops each makes and how many CUDA kernels
each launches (kernels are tied to the op whose runtime call launched them, by correlation id),
then the kernels per step and the GPU's busy time per step. The cost engine's dispatch counts (src/engine/models/network/eager/)
were checked against this script's output for the H200 BERT-base trace in
shared/data/h200-2026-11-26/. STEPS is how many steps the trace holds (default 2).
"""
import bisect
import collections
import gzip
import json
import sys

LAUNCHES = {"cudaLaunchKernel", "cudaLaunchKernelExC", "cuLaunchKernel", "cuLaunchKernelEx"}


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        return json.load(f)["traceEvents"]


def top_level(ops):
    """The ops not nested in another op of the same thread, each with its nested-op count."""
    ops = sorted(ops, key=lambda e: (e["ts"], -e["dur"]))
    stack, top = [], []
    for e in ops:
        while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
            stack.pop()
        if stack:
            stack[0]["nested"] += 1
        else:
            e["nested"], e["kernels"] = 0, 0
            top.append(e)
        stack.append(e)
    return top


def main(path, steps):
    events = load(path)
    cpu = [e for e in events if e.get("cat") == "cpu_op"]
    kernels = [e for e in events if e.get("cat") == "kernel"]
    launch = {
        e["args"]["correlation"]: e
        for e in events
        if e.get("cat") in ("cuda_runtime", "cuda_driver") and e["name"] in LAUNCHES
    }
    for tid in sorted({e["tid"] for e in cpu}):
        top = top_level([e for e in cpu if e["tid"] == tid])
        starts = [e["ts"] for e in top]
        for k in kernels:
            call = launch.get(k["args"].get("correlation"))
            if not call or call["tid"] != tid:
                continue
            i = bisect.bisect_right(starts, call["ts"]) - 1
            if i >= 0 and top[i]["ts"] + top[i]["dur"] >= call["ts"]:
                top[i]["kernels"] += 1
        table = collections.defaultdict(lambda: [0, 0, 0])
        for e in top:
            row = table[e["name"]]
            row[0] += 1
            row[1] += e["nested"]
            row[2] += e["kernels"]
        print(f"thread {tid}: op, per step, nested ops per op, kernels per op")
        for name, (n, nested, launched) in sorted(table.items(), key=lambda x: -x[1][2]):
            print(f"  {name[:70]:70s} {n / steps:7.1f} {nested / n:6.2f} {launched / n:6.2f}")
    busy = sum(k["dur"] for k in kernels) / 1000 / steps
    print(f"kernels per step: {len(kernels) / steps:.0f}; GPU busy per step: {busy:.2f} ms")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 2)
