#!/usr/bin/env python3
"""The peak memory lesson 6 quotes (docs/device-runs.md, issue 22): a 1-billion-parameter MLP (15
layers of 8,192 x 8,192, 1,006,755,840 parameters) trained with AdamW at batch 4, three steps in
float32 and three under bf16 autocast, printing max_memory_allocated() after each."""
import torch
from torch import nn

model = nn.Sequential(*[nn.Linear(8192, 8192) for _ in range(15)]).cuda()
print("parameters", sum(p.numel() for p in model.parameters()))
opt = torch.optim.AdamW(model.parameters())
x = torch.randn(4, 8192, device="cuda")
for bf16 in (False, True):
    torch.cuda.reset_peak_memory_stats()
    for _ in range(3):
        with torch.autocast("cuda", dtype=torch.bfloat16, enabled=bf16):
            loss = model(x).float().pow(2).mean()
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
    print("bf16" if bf16 else "fp32", f"{torch.cuda.max_memory_allocated() / 2**30:.2f} GiB")
