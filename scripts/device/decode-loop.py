"""Serving check for issue 41: a plain PyTorch decode loop with a static KV cache.

Builds a Llama-architecture decoder with random weights (timing does not depend on the values,
and the device machine has no network), prefills a prompt and decodes with a preallocated
cache, under torch.compile(mode="reduce-overhead") so each decode step is one CUDA-graph
replay, as an optimized server runs it. Prints one JSON line per batch size: the prompt's time
(a TTFT without queueing) and the mean time per output token (TPOT), beside which the cost
engine's `serve` scenario with the same sizes is compared (docs/device-runs.md).

Usage: python scripts/device/decode-loop.py [--layers 16 --hidden 2048 --heads 32 --kv-heads 8
       --ffn 8192 --vocab 128256] [--prompt 512] [--new 128] [--batches 1,8,32]
"""
import argparse
import json
import time

import torch
from transformers import LlamaConfig, LlamaForCausalLM, StaticCache


def make_cache(config: LlamaConfig, batch: int, length: int) -> StaticCache:
    """A static cache: transformers 4.56 and later size it from the first update."""
    try:
        return StaticCache(config=config, max_cache_len=length)
    except TypeError:
        return StaticCache(
            config=config,
            max_batch_size=batch,
            max_cache_len=length,
            device="cuda",
            dtype=torch.bfloat16,
        )


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--layers", type=int, default=16)
    p.add_argument("--hidden", type=int, default=2048)
    p.add_argument("--heads", type=int, default=32)
    p.add_argument("--kv-heads", type=int, default=8)
    p.add_argument("--ffn", type=int, default=8192)
    p.add_argument("--vocab", type=int, default=128256)
    p.add_argument("--prompt", type=int, default=512)
    p.add_argument("--new", type=int, default=128)
    p.add_argument("--batches", default="1,8,32")
    a = p.parse_args()

    config = LlamaConfig(
        hidden_size=a.hidden,
        intermediate_size=a.ffn,
        num_hidden_layers=a.layers,
        num_attention_heads=a.heads,
        num_key_value_heads=a.kv_heads,
        vocab_size=a.vocab,
        max_position_embeddings=a.prompt + a.new + 8,
        tie_word_embeddings=False,
    )
    torch.manual_seed(0)
    model = LlamaForCausalLM(config).to("cuda", torch.bfloat16).eval()
    step = torch.compile(model.forward, mode="reduce-overhead", fullgraph=True)

    for batch in [int(b) for b in a.batches.split(",")]:
        cache = make_cache(config, batch, a.prompt + a.new)
        prompt = torch.randint(0, a.vocab, (batch, a.prompt), device="cuda")
        positions = torch.arange(a.prompt, device="cuda")
        with torch.inference_mode():
            # Prefill (not captured: its shape differs from a decode step's).
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            out = model(prompt, past_key_values=cache, cache_position=positions, use_cache=True)
            token = out.logits[:, -1:].argmax(-1)
            torch.cuda.synchronize()
            ttft = time.perf_counter() - t0
            # Warm the captured decode step, then time the rest.
            times = []
            for i in range(a.new):
                pos = torch.tensor([a.prompt + i], device="cuda")
                torch.cuda.synchronize()
                t0 = time.perf_counter()
                out = step(token, past_key_values=cache, cache_position=pos, use_cache=True)
                token = out.logits[:, -1:].argmax(-1).clone()
                torch.cuda.synchronize()
                times.append(time.perf_counter() - t0)
        warm = times[len(times) // 4 :]
        print(
            json.dumps(
                {
                    "batch": batch,
                    "prompt": a.prompt,
                    "new": a.new,
                    "ttftSeconds": ttft,
                    "tpotSeconds": sum(warm) / len(warm),
                    "gpu": torch.cuda.get_device_name(),
                    "spec": {
                        "layers": a.layers,
                        "hidden": a.hidden,
                        "heads": a.heads,
                        "kvHeads": a.kv_heads,
                        "ffn": a.ffn,
                        "vocab": a.vocab,
                        "gated": True,
                        "tiedEmbeddings": False,
                    },
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
