import { describe, expect, it } from 'vitest';
import { runLine } from './interpreter';
import { TorchSession } from './session';
import { errorOf, outputOf, run, sessionWithTorch } from './testing/run-lines';

describe('devices and tensor creation', () => {
  it('builds torch.device values and prints them as PyTorch does', async () => {
    const s = await sessionWithTorch();
    expect(await outputOf(s, 'torch.device("cuda")')).toBe("device(type='cuda')");
    expect(await outputOf(s, 'torch.device("cuda:0")')).toBe("device(type='cuda', index=0)");
    expect(await outputOf(s, 'torch.device("cuda", 0)')).toBe("device(type='cuda', index=0)");
    expect(await outputOf(s, 'print(torch.device("cpu"))')).toBe('cpu');
    expect(
      await outputOf(
        s,
        'device = torch.device("cuda" if torch.cuda.is_available() else "cpu")',
        'device.type',
      ),
    ).toBe("'cuda'");
  });

  it('creates tensors with randn, zeros, ones and tensor, with device= and dtype=', async () => {
    const s = await sessionWithTorch();
    expect(await outputOf(s, 'torch.zeros(2, 3)')).toBe(
      'tensor([[0., 0., 0.],\n        [0., 0., 0.]])',
    );
    expect(await outputOf(s, 'torch.ones((2,), device="cuda", dtype=torch.float16)')).toBe(
      "tensor([1., 1.], device='cuda:0', dtype=torch.float16)",
    );
    expect(await outputOf(s, 'torch.tensor([[1, 2], [3, 4]])')).toBe(
      'tensor([[1, 2],\n        [3, 4]])',
    );
    expect(await outputOf(s, 'torch.tensor(2.5)')).toBe('tensor(2.5000)');
    expect(await outputOf(s, 'torch.manual_seed(0); torch.randn(3).shape')).toBe('torch.Size([3])');
    expect(await outputOf(s, 'torch.randn(2, 3, device="cuda").device')).toBe(
      "device(type='cuda', index=0)",
    );
    expect(await outputOf(s, 'torch.zeros_like(torch.ones(2, device="cuda")).is_cuda')).toBe(
      'True',
    );
  });

  it('keeps huge shapes as sizes only, with a clear message instead of values', async () => {
    const s = await sessionWithTorch();
    await run(s, 'batch = torch.randn(32, 3, 224, 224)');
    expect(await outputOf(s, 'batch.shape')).toBe('torch.Size([32, 3, 224, 224])');
    expect(await outputOf(s, 'batch.nbytes')).toBe('19267584');
    expect(await outputOf(s, 'batch')).toMatch(
      /^<tensor of shape \(32, 3, 224, 224\), dtype torch.float32, on cpu: 4,816,896 elements\. The simulator keeps values only for tensors of up to 4,096 elements/,
    );
    expect(await errorOf(s, 'batch.sum().item()')).toMatch(
      /^Not supported here: this tensor of shape \(\) has no values/,
    );
    expect(s.host.stats().usedBytes).toBe(19267584);
  });

  it('raises PyTorch errors for bad sizes, devices and dtypes', async () => {
    const s = await sessionWithTorch();
    expect(await errorOf(s, 'torch.zeros(-1, 3)')).toBe(
      'RuntimeError: Trying to create tensor with negative dimension -1: [-1, 3]',
    );
    expect(await errorOf(s, 'torch.zeros(2.5)')).toBe(
      "TypeError: zeros(): argument 'size' (position 1) must be tuple of ints, but found element of type float at pos 0",
    );
    expect(await errorOf(s, 'torch.device("gpu")')).toMatch(
      /^RuntimeError: Expected one of cpu, cuda, .* device type at start of device string: gpu$/,
    );
    expect(await errorOf(s, 'torch.zeros(2, device="cuda:1")')).toBe(
      'RuntimeError: CUDA error: invalid device ordinal',
    );
    expect(await errorOf(s, 'torch.cuda.get_device_name(3)')).toBe(
      'AssertionError: Invalid device id',
    );
    expect(await errorOf(s, 'torch.zeros(2, dtype="float16")')).toBe(
      "TypeError: zeros(): argument 'dtype' must be torch.dtype, not str",
    );
    expect(await errorOf(s, 'torch.tensor([[1, 2], [3]])')).toBe(
      'ValueError: expected sequence of length 2 at dim 1 (got 1)',
    );
    expect(await errorOf(s, 'torch.zeros(2, devcie="cuda")')).toBe(
      "TypeError: zeros() got an unexpected keyword argument 'devcie'",
    );
    expect(await errorOf(s, 'torch.zeros(2, dtype=torch.int64, requires_grad=True)')).toBe(
      'RuntimeError: Only Tensors of floating point and complex dtype can require gradients',
    );
  });

  it('refuses a host allocation larger than the machine RAM with the CPU allocator message', async () => {
    const s = await sessionWithTorch();
    expect(await errorOf(s, 'x = torch.empty(100000, 100000, 10)')).toBe(
      'RuntimeError: [enforce fail at alloc_cpu.cpp:117] data. DefaultCPUAllocator: not enough memory: you tried to allocate 400000000000 bytes.',
    );
    expect(await errorOf(s, 'torch.empty(10**10, 10**10, 10**10)')).toMatch(
      /^RuntimeError: Storage size calculation overflowed/,
    );
  });
});

describe('errors carry PyTorch wording and a hint', () => {
  it('mixed devices', async () => {
    const s = await sessionWithTorch();
    await run(s, 'a = torch.ones(3)', 'b = torch.ones(3, device="cuda")');
    const result = await run(s, 'a + b');
    expect(result.error?.display).toBe(
      'RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!',
    );
    expect(result.error?.hint).toMatch(/same device/);
    await run(s, 'm = torch.ones(2, 3)', 'n = torch.ones(3, 2, device="cuda")');
    expect(await errorOf(s, 'm @ n')).toBe(
      'RuntimeError: Expected all tensors to be on the same device, but got mat2 is on cuda:0, different from other tensors on cpu (when checking argument in method wrapper_CUDA_mm)',
    );
  });

  it('a CPU scalar tensor may join a CUDA tensor', async () => {
    const s = await sessionWithTorch();
    expect(await outputOf(s, 'torch.ones(2, device="cuda") + torch.tensor(1.0)')).toBe(
      "tensor([2., 2.], device='cuda:0')",
    );
  });

  it('shape mismatches', async () => {
    const s = await sessionWithTorch();
    expect(await errorOf(s, 'torch.ones(2, 3) @ torch.ones(4, 5)')).toBe(
      'RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)',
    );
    expect(await errorOf(s, 'torch.ones(2, 3) + torch.ones(2, 4)')).toBe(
      'RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1',
    );
    expect(await errorOf(s, 'torch.ones(3) @ torch.ones(4)')).toBe(
      'RuntimeError: inconsistent tensor size, expected tensor [3] and src [4] to have the same number of elements, but got 3 and 4 elements respectively',
    );
    expect(await errorOf(s, 'torch.ones(2, 3) @ torch.ones(4)')).toBe(
      'RuntimeError: size mismatch, got input (2), mat (2x3), vec (4)',
    );
  });

  it('.numpy() on a GPU tensor, and on one that requires grad', async () => {
    const s = await sessionWithTorch();
    expect(await errorOf(s, 'torch.ones(2, device="cuda").numpy()')).toBe(
      "TypeError: can't convert cuda:0 device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first.",
    );
    expect(await errorOf(s, 'torch.ones(2, requires_grad=True).numpy()')).toBe(
      "RuntimeError: Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.",
    );
    expect(await outputOf(s, 'torch.ones(2, device="cuda").cpu().numpy()')).toBe(
      'array([1., 1.], dtype=float32)',
    );
  });

  it('unknown names, misspelled attributes and missing imports', async () => {
    const s = new TorchSession();
    const missing = await runLine(s, 'torch.zeros(2)');
    expect(missing.error?.display).toBe("NameError: name 'torch' is not defined");
    expect(missing.error?.hint).toBe('Run import torch first.');
    await run(s, 'import torch', 'device = "cuda"');
    expect(await errorOf(s, 'x')).toBe("NameError: name 'x' is not defined");
    expect(await errorOf(s, 'devcie')).toBe(
      "NameError: name 'devcie' is not defined. Did you mean: 'device'?",
    );
    expect(await errorOf(s, 'torch.cuda.is_avaliable()')).toBe(
      "AttributeError: module 'torch.cuda' has no attribute 'is_avaliable'. Did you mean: 'is_available'?",
    );
    expect(await errorOf(s, 'torch.ones(1).cuad()')).toBe(
      "AttributeError: 'Tensor' object has no attribute 'cuad'. Did you mean: 'cuda'?",
    );
    expect(await errorOf(s, 'import tensorflow')).toBe(
      "ModuleNotFoundError: No module named 'tensorflow'",
    );
  });

  it('.item() on many elements, pin_memory on the GPU, and Python errors', async () => {
    const s = await sessionWithTorch();
    expect(await errorOf(s, 'torch.ones(2, 3).item()')).toBe(
      'RuntimeError: a Tensor with 6 elements cannot be converted to Scalar',
    );
    expect(await errorOf(s, 'torch.ones(2, device="cuda").pin_memory()')).toBe(
      "RuntimeError: cannot pin 'torch.cuda.FloatTensor' only dense CPU tensors can be pinned",
    );
    expect(await errorOf(s, '1 / 0')).toBe('ZeroDivisionError: division by zero');
    expect(await errorOf(s, 'bool(torch.ones(2))')).toBe(
      'RuntimeError: Boolean value of Tensor with more than one value is ambiguous',
    );
    expect(await errorOf(s, '"a" + 1')).toBe(
      'TypeError: can only concatenate str (not "int") to str',
    );
    expect(await errorOf(s, 'a, b = (1, 2, 3)')).toBe(
      'ValueError: too many values to unpack (expected 2)',
    );
  });

  it('imports nn all three ways and chains nn.Linear(...).to(device)', async () => {
    const s = new TorchSession();
    await run(s, 'from torch import nn', 'import torch', 'device = torch.device("cuda")');
    expect(await outputOf(s, 'nn.Linear(4, 2).to(device).weight.device')).toBe(
      "device(type='cuda', index=0)",
    );
    await run(s, 'import torch.nn as tnn');
    expect(await outputOf(s, 'tnn.Linear(4, 2, bias=False)')).toBe(
      'Linear(in_features=4, out_features=2, bias=False)',
    );
  });

  it('huge integers and huge shapes give messages, never a crash', async () => {
    const s = await sessionWithTorch();
    expect(await errorOf(s, '10 ** 400')).toMatch(/^Not supported here: An integer this large/);
    expect(await errorOf(s, 'torch.zeros(10 ** 10, 10 ** 10)')).toMatch(
      /^RuntimeError: Storage size calculation overflowed/,
    );
    expect(await errorOf(s, 'torch.zeros(1e20)')).toMatch(/^TypeError: zeros\(\): argument 'size'/);
    expect(await outputOf(s, '2 ** 10, 7 // 2, 7 % 3, 1 / 4')).toBe('(1024, 3, 1, 0.25)');
  });

  it('anything outside the subset is "not supported here", never a crash', async () => {
    const s = await sessionWithTorch();
    for (const line of [
      'torch.cat([x])',
      'import torch.optim',
      'torch.ones(3)[0]',
      'with torch.no_grad():',
      'lambda x: x',
      'torch.ones(2) == torch.ones(2)',
      'nn.Conv2d(3, 8, 3)',
    ]) {
      expect(await errorOf(s, line)).toMatch(/^Not supported here: /);
    }
  });
});
