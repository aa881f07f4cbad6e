/** What help() prints: the subset of Python and PyTorch the console simulates. */
export const HELP_TEXT: readonly string[] = [
  'This console simulates a small part of Python and PyTorch, one statement per line.',
  '  import torch   |   import torch.nn as nn   |   from torch import nn',
  '  device = torch.device("cuda" if torch.cuda.is_available() else "cpu")',
  '  torch.cuda: is_available, device_count, current_device, get_device_name,',
  '              get_device_properties, memory_allocated, memory_reserved,',
  '              max_memory_allocated, reset_peak_memory_stats, empty_cache, synchronize',
  '  tensors:   torch.randn / rand / zeros / ones / empty / full / tensor / arange',
  '             (with device=, dtype=, requires_grad=, pin_memory=), *_like',
  '  methods:   .to(device, dtype, non_blocking=True), .cuda(), .cpu(), .pin_memory(),',
  '             .numpy(), .item(), .tolist(), .clone(), .detach(), .float(), .half(), .sum(), .mean()',
  '  attributes: .shape, .device, .dtype, .is_cuda, .is_pinned(), .numel(), .nbytes',
  '  arithmetic: + - * / // % ** and @ (matmul), with broadcasting',
  '  layers:    model = nn.Linear(512, 256).to(device); y = model(x)',
  '  Python:    print, len, int, float, str, round, abs, list, del x',
  'The CUDA device is simulated from the course catalog; small tensors (up to 4,096',
  'elements) hold real values, computed with WebGPU on your own GPU when it is available.',
];
