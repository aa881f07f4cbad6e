import { describe, expect, it } from 'vitest';
import { runLine } from './interpreter';
import { presetLines } from './presets';
import { TorchSession } from './session';
import { errorOf, outputOf, run, sessionWithTorch } from './testing/run-lines';

describe('torch.cuda on the simulated GPU', () => {
  it('answers availability, count, name and properties from the catalog', async () => {
    const s = await sessionWithTorch();
    expect(await outputOf(s, 'torch.cuda.is_available()')).toBe('True');
    expect(await outputOf(s, 'torch.cuda.device_count()')).toBe('1');
    expect(await outputOf(s, 'torch.cuda.current_device()')).toBe('0');
    expect(await outputOf(s, 'torch.cuda.get_device_name(0)')).toBe("'NVIDIA A100 SXM 80 GB'");
    expect(await outputOf(s, 'torch.cuda.get_device_properties(0)')).toBe(
      "_CudaDeviceProperties(name='NVIDIA A100 SXM 80 GB', major=8, minor=0, total_memory=81920MB, multi_processor_count=108, L2_cache_size=40MB)",
    );
    expect(
      await outputOf(
        s,
        'p = torch.cuda.get_device_properties(0)',
        'p.total_memory, p.major, p.minor, p.multi_processor_count',
      ),
    ).toBe('(85899345920, 8, 0, 108)');
  });

  it('uses the chosen catalog GPU', async () => {
    const s = await sessionWithTorch({ gpu: 'h100-sxm' });
    expect(await outputOf(s, 'torch.cuda.get_device_name()')).toBe("'NVIDIA H100 SXM'");
    expect(await outputOf(s, 'torch.cuda.get_device_capability(0)')).toBe('(9, 0)');
    expect(() => new TorchSession({ gpu: 'apple-m2' })).toThrow(RangeError);
  });

  it('reports allocated and reserved memory and empties the cache', async () => {
    const s = await sessionWithTorch();
    await run(s, 'x = torch.randn(1024, 1024, device="cuda")');
    expect(await outputOf(s, 'torch.cuda.memory_allocated()')).toBe(String(4 * 1024 ** 2));
    expect(await outputOf(s, 'torch.cuda.memory_reserved()')).toBe(String(20 * 1024 ** 2));
    await run(s, 'del x');
    expect(await outputOf(s, 'torch.cuda.memory_allocated()')).toBe('0');
    expect(await outputOf(s, 'torch.cuda.memory_reserved()')).toBe(String(20 * 1024 ** 2));
    expect(await outputOf(s, 'torch.cuda.max_memory_allocated()')).toBe(String(4 * 1024 ** 2));
    expect(await outputOf(s, 'torch.cuda.empty_cache()')).toBe('');
    expect(await outputOf(s, 'torch.cuda.memory_reserved()')).toBe('0');
  });

  it('frees a tensor when its name is reassigned, as reference counting would', async () => {
    const s = await sessionWithTorch();
    await run(s, 'x = torch.ones(256, device="cuda")', 'x = torch.ones(2)');
    expect(await outputOf(s, 'torch.cuda.memory_allocated()')).toBe('0');
  });

  it('resets the peaks to the current values, reserved included', async () => {
    const s = await sessionWithTorch();
    await run(s, 'x = torch.randn(1024, 1024, device="cuda")', 'del x', 'torch.cuda.empty_cache()');
    await run(s, 'y = torch.ones(256, device="cuda")');
    expect(await outputOf(s, 'torch.cuda.max_memory_allocated()')).toBe(String(4 * 1024 ** 2));
    // x's 20 MiB segment went back before y took a 2 MiB one: the peak was 20 MiB.
    expect(await outputOf(s, 'torch.cuda.max_memory_reserved()')).toBe(String(20 * 1024 ** 2));
    expect(await outputOf(s, 'torch.cuda.reset_peak_memory_stats()')).toBe('');
    expect(await outputOf(s, 'torch.cuda.max_memory_allocated()')).toBe('1024');
    expect(await outputOf(s, 'torch.cuda.max_memory_reserved()')).toBe(String(2 * 1024 ** 2));
  });

  it('prints memory_summary() with the allocator counters, by pool', async () => {
    const s = await sessionWithTorch();
    await run(
      s,
      'x = torch.randn(1024, 1024, device="cuda")',
      'b = torch.zeros(256, device="cuda")',
    );
    await run(s, 'del x');
    const lines = (await outputOf(s, 'print(torch.cuda.memory_summary())')).split('\n');
    expect(lines[1]).toBe(
      '|                  PyTorch CUDA memory summary, device ID 0                 |',
    );
    expect(lines.slice(7, 10)).toEqual([
      '| Allocated memory      |   1024 B   |   4097 KiB |   4097 KiB |   4096 KiB |',
      '|       from large pool |      0 B   |   4096 KiB |   4096 KiB |   4096 KiB |',
      '|       from small pool |   1024 B   |      1 KiB |      1 KiB |      0 KiB |',
    ]);
    expect(lines).toContain(
      '| GPU reserved memory   |  22528 KiB |  22528 KiB |  22528 KiB |      0 B   |',
    );
    expect(lines).toContain(
      '| Non-releasable memory |   2047 KiB |  18431 KiB |  18431 KiB |  16384 KiB |',
    );
    const abbreviated = await outputOf(s, 'print(torch.cuda.memory_summary(0, abbreviated=True))');
    expect(abbreviated).not.toContain('from small pool');
    expect(await outputOf(s, 'torch.cuda.memory_summary()')).toMatch(/^'\|=+\|\\n\|/);
    expect(await errorOf(s, 'torch.cuda.memory_summary("cuda:1")')).toBe(
      'AssertionError: Invalid device id',
    );
  });

  it('answers the old name memory_cached() with a FutureWarning naming memory_reserved()', async () => {
    const s = await sessionWithTorch();
    await run(s, 'x = torch.randn(1024, 1024, device="cuda")');
    expect(await outputOf(s, 'torch.cuda.memory_cached()')).toBe(
      '<stdin>:1: FutureWarning: `torch.cuda.memory_cached` has been renamed to `torch.cuda.memory_reserved`\n' +
        String(20 * 1024 ** 2),
    );
    expect(await outputOf(s, 'torch.cuda.memory_cached()')).toBe(String(20 * 1024 ** 2));
    expect(await outputOf(s, 'torch.cuda.max_memory_cached()')).toMatch(
      /FutureWarning: `torch.cuda.max_memory_cached` has been renamed to `torch.cuda.max_memory_reserved`\n20971520$/,
    );
  });

  it('runs the lesson 5 preset without an error, ending in the summary table', async () => {
    const s = new TorchSession();
    const lines = presetLines('gpu-memory') ?? [];
    const results = [];
    for (const line of lines) results.push(await runLine(s, line));
    expect(results.filter((r) => r.error)).toEqual([]);
    const outputs = results.map((r) => r.output.join('\n'));
    expect(outputs[3]).toBe(`(${4 * 1024 ** 2 + 1024}, ${22 * 1024 ** 2})`);
    expect(outputs[5]).toBe(`(1024, ${22 * 1024 ** 2})`);
    expect(outputs[8]).toBe(`(1024, ${2 * 1024 ** 2})`);
    expect(outputs.at(-1)).toContain('PyTorch CUDA memory summary, device ID 0');
  });
});

describe('the lesson 9 preset', () => {
  it('fails once, on the batch left on the CPU, then runs on the GPU', async () => {
    const s = new TorchSession();
    const lines = presetLines('pitfalls') ?? [];
    const results = [];
    for (const line of lines) results.push(await runLine(s, line));
    const failed = results.flatMap((r, i) => (r.error ? [i] : []));
    expect(failed).toEqual([3]);
    expect(results[3]?.error?.display).toMatch(
      /RuntimeError: Expected all tensors to be on the same device, but got .* is on cpu, different from other tensors on cuda:0/,
    );
    const outputs = results.map((r) => r.output.join('\n'));
    expect(outputs[5]).toBe("device(type='cpu')");
    expect(outputs.at(-1)).toBe("device(type='cuda', index=0)");
  });
});
