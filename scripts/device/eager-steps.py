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
case says; cudnn.benchmark on; ResNet in channels_last; SDPA attention unless a case says
"attention": "math" (Hugging Face's attn_implementation="eager"). A training step is
forward + loss + backward + optimizer.step() + zero_grad(set_to_none=True); time = median of 15
steps after 4 warm-up steps, wall clock with torch.cuda.synchronize() after each.

Issue 40's cases (after the first twelve) add how a step runs: "execution" "compiled"
(torch.compile), "cuda-graphs" (the eager step captured with torch.cuda.graph and replayed) or
"reduce-overhead" (torch.compile's mode); "gradMode" "inference_mode" for an inference step
(default no_grad; the engine prices both alike, so it stays out of the scenario); and Llama 2
7B's prefill and decode as Hugging Face runs them (bf16 weights, a DynamicCache; decode times
one new token against a cache of `seq` tokens). None of them has run yet: the session that wrote
them had no GPU.
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
    """The model, a forward (given the module to call: the model or its compiled form) and the
    loss of a model output."""
    net, batch, seq = case["model"], case["batch"], case.get("seq")
    if net == "mlp-mnist":
        model = mlp().to(dev)
        x = torch.randn(batch, 1, 28, 28, device=dev)
        y = torch.randint(0, 10, (batch,), device=dev)
        return model, lambda m: m(x), lambda out: nn.functional.cross_entropy(out, y)
    if net == "resnet50":
        import torchvision
        model = torchvision.models.resnet50().to(dev).to(memory_format=torch.channels_last)
        x = torch.randn(batch, 3, 224, 224, device=dev).to(memory_format=torch.channels_last)
        y = torch.randint(0, 1000, (batch,), device=dev)
        return model, lambda m: m(x), lambda out: nn.functional.cross_entropy(out, y)
    import transformers
    attn = "eager" if case.get("attention") == "math" else "sdpa"
    if net.startswith("bert"):
        config = transformers.BertConfig() if net == "bert-base" else transformers.BertConfig(
            hidden_size=1024, num_hidden_layers=24, num_attention_heads=16, intermediate_size=4096)
        config.attn_implementation = attn
        if case["op"] == "inference":
            model = transformers.BertModel(config).to(dev)
            ids = torch.randint(0, config.vocab_size, (batch, seq), device=dev)
            return model, lambda m: m(input_ids=ids), None
        model = transformers.BertForPreTraining(config).to(dev)
        ids = torch.randint(0, config.vocab_size, (batch, seq), device=dev)
        labels = torch.full((batch, seq), -100, device=dev)
        labels[:, ::7] = ids[:, ::7]
        nsp = torch.randint(0, 2, (batch,), device=dev)
        return (model, lambda m: m(input_ids=ids, labels=labels, next_sentence_label=nsp),
                lambda out: out.loss)
    if net == "llama2-7b":
        config = transformers.LlamaConfig(
            hidden_size=4096, intermediate_size=11008, num_hidden_layers=32,
            num_attention_heads=32, num_key_value_heads=32, vocab_size=32000,
            max_position_embeddings=4096, attn_implementation=attn)
        with torch.device(dev):
            model = transformers.LlamaForCausalLM._from_config(config, torch_dtype=torch.bfloat16)
        ids = torch.randint(0, config.vocab_size, (batch, seq), device=dev)
        if case.get("phase") == "decode":
            cache = {}

            def decode(m):
                # One new token against a cache of `seq` tokens: the prompt's cache is made once
                # (in the warm-up) and cropped back after each step, so every step sees seq.
                if "kv" not in cache:
                    with torch.no_grad():
                        cache["kv"] = m(input_ids=ids, use_cache=True).past_key_values
                out = m(input_ids=ids[:, -1:], past_key_values=cache["kv"], use_cache=True)
                cache["kv"].crop(seq)
                return out
            return model, decode, None
        return model, lambda m: m(input_ids=ids, use_cache=True), None
    if net.startswith("gpt2"):
        model = transformers.GPT2LMHeadModel(
            transformers.GPT2Config(attn_implementation=attn)).to(dev)
        ids = torch.randint(0, 50257, (batch, seq), device=dev)
        if case["op"] == "inference":
            return model, lambda m: m(input_ids=ids), None
        return model, lambda m: m(input_ids=ids, labels=ids), lambda out: out.loss
    raise SystemExit(f"unknown model {net}")


def measure(case, dev):
    model, forward_of, loss_of = build(case, dev)
    amp = case["precision"] == "amp-bf16"
    training = case["op"] == "train-step"
    opt = None
    if training:
        fused = case.get("fusedOptimizer", False)
        if case["optimizer"] == "sgd":
            opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9, fused=fused or None)
        else:
            # Capturing optimizer.step() in a CUDA graph needs its step counters on the GPU.
            capturable = case.get("execution") == "cuda-graphs"
            opt = torch.optim.AdamW(model.parameters(), lr=1e-4, fused=fused or None,
                                    capturable=capturable)
        model.train()
    else:
        model.eval()

    execution = case.get("execution", "eager")
    runner = model
    if execution in ("compiled", "reduce-overhead"):
        runner = torch.compile(model, mode="reduce-overhead" if execution == "reduce-overhead" else None)

    def forward():
        return forward_of(runner)
    no_grad = torch.inference_mode if case.get("gradMode") == "inference_mode" else torch.no_grad
    amp_on = amp and case["model"] != "llama2-7b"  # Llama runs in its bf16 weights, no autocast

    def eager_step():
        with torch.autocast("cuda", dtype=torch.bfloat16, enabled=amp_on):
            if training:
                if execution == "reduce-overhead":
                    torch.compiler.cudagraph_mark_step_begin()
                out = forward()
                loss = loss_of(out)
            else:
                with no_grad():
                    forward()
                return
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    step = eager_step
    if execution == "cuda-graphs":
        # PyTorch's whole-network capture: warm up on a side stream, record one step, replay it.
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            for _ in range(3):
                if opt is not None:
                    opt.zero_grad(set_to_none=False)
                eager_step()
        torch.cuda.current_stream().wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        if opt is not None:
            opt.zero_grad(set_to_none=False)
        with torch.cuda.graph(graph):
            if opt is not None:
                with torch.autocast("cuda", dtype=torch.bfloat16, enabled=amp_on):
                    loss = loss_of(forward())
                loss.backward()
                opt.step()
            else:
                with torch.autocast("cuda", dtype=torch.bfloat16, enabled=amp_on), no_grad():
                    forward()
        step = graph.replay

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
    # Issue 40: other lengths and batches, how a step runs, Llama as Hugging Face runs it.
    {"op": "train-step", "model": "gpt2-124m", "batch": 8, "seq": 512, "precision": "amp-bf16", "optimizer": "adamw"},
    {"op": "train-step", "model": "gpt2-124m", "batch": 4, "seq": 1024, "precision": "amp-bf16", "optimizer": "adamw", "attention": "math"},
    {"op": "train-step", "model": "bert-base", "batch": 16, "seq": 512, "precision": "amp-bf16", "optimizer": "adamw"},
    {"op": "train-step", "model": "gpt2-124m", "batch": 8, "seq": 1024, "precision": "amp-bf16", "optimizer": "adamw", "execution": "compiled"},
    {"op": "inference", "model": "bert-base", "batch": 32, "seq": 128, "precision": "amp-bf16", "phase": "forward", "gradMode": "inference_mode"},
    {"op": "inference", "model": "bert-base", "batch": 32, "seq": 128, "precision": "amp-bf16", "phase": "forward", "execution": "cuda-graphs"},
    {"op": "inference", "model": "gpt2-124m", "batch": 8, "seq": 512, "precision": "amp-bf16", "phase": "forward"},
    {"op": "inference", "model": "llama2-7b", "batch": 1, "seq": 512, "precision": "amp-bf16", "phase": "prefill"},
    {"op": "inference", "model": "llama2-7b", "batch": 1, "seq": 512, "precision": "amp-bf16", "phase": "decode"},
    {"op": "inference", "model": "llama2-7b", "batch": 8, "seq": 1024, "precision": "amp-bf16", "phase": "decode"},
]

# Fields a case may carry that the engine's scenarios do not take.
NOT_SCENARIO_FIELDS = ("gradMode",)


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
        scenario = {"id": i, "gpu": args.gpu, "hostOpSeconds": host,
                    **{k: v for k, v in case.items() if k not in NOT_SCENARIO_FIELDS}}
        records.append({
            "scenario": scenario,
            "disclosed": i < 5,
            "case": case,
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
