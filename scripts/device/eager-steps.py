#!/usr/bin/env python3
"""Measures eager PyTorch training and inference steps the way hardware-figures.md's H200 table
was measured, and writes them beside the cost engine's scenarios.

On a machine with a CUDA GPU, PyTorch, torchvision and transformers:

    python3 scripts/device/eager-steps.py OUT_DIR [--gpu h200-sxm] [--quick]

writes OUT_DIR/eager-steps.json: one record per case with the measured median step time of each
of two runs, kernels per step (CUDA kernel events in torch.profiler, memcpy and memset left out),
the peak of max_memory_allocated(), this machine's hostOpSeconds, and the matching `npm run
predict` scenario (with hostOpSeconds set). Then, on any machine:

    node -e 'const r=require("./OUT_DIR/eager-steps.json");
      require("fs").writeFileSync("/tmp/s.json", JSON.stringify(r.cases.map(c => c.scenario)))'
    npm run -s predict -- /tmp/s.json

prints the engine's predictions for the same cases. The disclosed cases come first; the others
(other batches, phases and networks) are the ones the engine was not fitted on.

Protocol: models from their default configs (random weights) on the GPU; bf16 autocast where the
case says; cudnn.benchmark on; ResNet in channels_last; SDPA attention. A training step is
forward + loss + backward + optimizer.step() + zero_grad(set_to_none=True); time = median of 15
steps after 4 warm-up steps, wall clock with torch.cuda.synchronize() after each.
"""
import argparse
import json
import os
import statistics
import time

import torch
from torch import nn


def host_op_seconds(dev):
    x = torch.randn(10_000, device=dev)
    for _ in range(100):
        torch.relu(x)
    torch.cuda.synchronize()
    samples = []
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(1000):
            torch.relu(x)
        torch.cuda.synchronize()
        samples.append((time.perf_counter() - t0) / 1000)
    return statistics.median(samples)


def mlp():
    return nn.Sequential(nn.Flatten(), nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512),
                         nn.ReLU(), nn.Linear(512, 10))


def build(case, dev):
    """The model, a function making one batch, and the loss of a model output."""
    net, batch, seq = case["model"], case["batch"], case.get("seq")
    if net == "mlp-mnist":
        model = mlp().to(dev)
        x = torch.randn(batch, 1, 28, 28, device=dev)
        y = torch.randint(0, 10, (batch,), device=dev)
        return model, lambda: model(x), lambda out: nn.functional.cross_entropy(out, y)
    if net == "resnet50":
        import torchvision
        model = torchvision.models.resnet50().to(dev).to(memory_format=torch.channels_last)
        x = torch.randn(batch, 3, 224, 224, device=dev).to(memory_format=torch.channels_last)
        y = torch.randint(0, 1000, (batch,), device=dev)
        return model, lambda: model(x), lambda out: nn.functional.cross_entropy(out, y)
    import transformers
    if net.startswith("bert"):
        config = transformers.BertConfig() if net == "bert-base" else transformers.BertConfig(
            hidden_size=1024, num_hidden_layers=24, num_attention_heads=16, intermediate_size=4096)
        config.attn_implementation = "sdpa"
        if case["op"] == "inference":
            model = transformers.BertModel(config).to(dev)
            ids = torch.randint(0, config.vocab_size, (batch, seq), device=dev)
            return model, lambda: model(input_ids=ids), None
        model = transformers.BertForPreTraining(config).to(dev)
        ids = torch.randint(0, config.vocab_size, (batch, seq), device=dev)
        labels = torch.full((batch, seq), -100, device=dev)
        labels[:, ::7] = ids[:, ::7]
        nsp = torch.randint(0, 2, (batch,), device=dev)
        return (model, lambda: model(input_ids=ids, labels=labels, next_sentence_label=nsp),
                lambda out: out.loss)
    if net.startswith("gpt2"):
        model = transformers.GPT2LMHeadModel(transformers.GPT2Config()).to(dev)
        ids = torch.randint(0, 50257, (batch, seq), device=dev)
        if case["op"] == "inference":
            return model, lambda: model(input_ids=ids), None
        return model, lambda: model(input_ids=ids, labels=ids), lambda out: out.loss
    raise SystemExit(f"unknown model {net}")


def measure(case, dev):
    model, forward, loss_of = build(case, dev)
    amp = case["precision"] == "amp-bf16"
    training = case["op"] == "train-step"
    opt = None
    if training:
        fused = case.get("fusedOptimizer", False)
        if case["optimizer"] == "sgd":
            opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9, fused=fused or None)
        else:
            opt = torch.optim.AdamW(model.parameters(), lr=1e-4, fused=fused or None)
        model.train()
    else:
        model.eval()

    def step():
        with torch.autocast("cuda", dtype=torch.bfloat16, enabled=amp):
            if training:
                out = forward()
                loss = loss_of(out)
            else:
                with torch.no_grad():
                    forward()
                return
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    for _ in range(4):
        step()
    torch.cuda.synchronize()
    torch.cuda.reset_peak_memory_stats()
    times = []
    for _ in range(15):
        t0 = time.perf_counter()
        step()
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t0)
    peak = torch.cuda.max_memory_allocated()
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        step()
        torch.cuda.synchronize()
    kernels = sum(1 for e in prof.events() if e.device_type == torch.autograd.DeviceType.CUDA
                  and not e.name.lower().startswith(("memcpy", "memset")))
    del model, opt
    torch.cuda.empty_cache()
    return statistics.median(times), kernels, peak


CASES = [
    # Disclosed in hardware-figures.md (the engine was fitted on these).
    {"op": "train-step", "model": "mlp-mnist", "batch": 64, "precision": "fp32", "optimizer": "sgd"},
    {"op": "train-step", "model": "resnet50", "batch": 128, "precision": "amp-bf16", "optimizer": "sgd"},
    {"op": "train-step", "model": "resnet50", "batch": 32, "precision": "amp-bf16", "optimizer": "sgd"},
    {"op": "train-step", "model": "bert-base", "batch": 32, "seq": 128, "precision": "amp-bf16", "optimizer": "adamw"},
    {"op": "train-step", "model": "bert-base", "batch": 32, "seq": 128, "precision": "amp-bf16", "optimizer": "adamw", "fusedOptimizer": True},
    # Not seen by the engine.
    {"op": "train-step", "model": "mlp-mnist", "batch": 1024, "precision": "fp32", "optimizer": "sgd"},
    {"op": "train-step", "model": "resnet50", "batch": 64, "precision": "amp-bf16", "optimizer": "sgd"},
    {"op": "train-step", "model": "bert-base", "batch": 8, "seq": 128, "precision": "amp-bf16", "optimizer": "adamw"},
    {"op": "train-step", "model": "bert-base", "batch": 32, "seq": 512, "precision": "amp-bf16", "optimizer": "adamw"},
    {"op": "train-step", "model": "gpt2-124m", "batch": 8, "seq": 1024, "precision": "amp-bf16", "optimizer": "adamw"},
    {"op": "inference", "model": "resnet50", "batch": 64, "precision": "amp-bf16", "phase": "forward"},
    {"op": "inference", "model": "bert-base", "batch": 32, "seq": 128, "precision": "amp-bf16", "phase": "forward"},
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--gpu", default="h200-sxm", help="the catalog id of this GPU")
    parser.add_argument("--quick", action="store_true", help="one run per case instead of two")
    args = parser.parse_args()
    dev = torch.device("cuda")
    torch.backends.cudnn.benchmark = True
    host = host_op_seconds(dev)
    records = []
    for i, case in enumerate(CASES):
        runs = [measure(case, dev) for _ in range(1 if args.quick else 2)]
        scenario = {"id": i, **case, "gpu": args.gpu, "hostOpSeconds": host}
        records.append({
            "scenario": scenario,
            "disclosed": i < 5,
            "stepSeconds": [r[0] for r in runs],
            "kernels": runs[0][1],
            "peakAllocatedBytes": max(r[2] for r in runs),
        })
        print(json.dumps(records[-1]), flush=True)
    os.makedirs(args.out, exist_ok=True)
    meta = {"device": torch.cuda.get_device_name(), "torch": torch.__version__,
            "hostOpSeconds": host, "cases": records}
    with open(os.path.join(args.out, "eager-steps.json"), "w") as f:
        json.dump(meta, f, indent=1)


if __name__ == "__main__":
    main()
