import { describe, expect, it } from 'vitest';
import { predictTransfer } from '../engine/models';
import { outputOf, run, sessionWithTorch } from './testing/run-lines';

const BATCH_BYTES = 32 * 3 * 224 * 224 * 4;

describe('moving tensors: .to(), .cuda(), .cpu(), .pin_memory()', () => {
  it('logs each host-device copy with the cost engine time for the session link', async () => {
    const s = await sessionWithTorch();
    await run(s, 'batch = torch.randn(32, 3, 224, 224)');
    const up = await run(s, 'batch = batch.to("cuda")');
    expect(up.transfers).toHaveLength(1);
    const [record] = up.transfers;
    expect(record).toMatchObject({
      label: 'batch',
      bytes: BATCH_BYTES,
      direction: 'h2d',
      pinned: false,
      nonBlocking: false,
      asynchronous: false,
      link: 'pcie4',
    });
    expect(record?.seconds).toBeCloseTo(
      predictTransfer({ link: 'pcie4', bytes: BATCH_BYTES, direction: 'h2d', pinned: false })
        .seconds,
      12,
    );
    expect(s.host.stats().usedBytes).toBe(0);
    expect(s.allocator.stats().allocatedBytes).toBe(BATCH_BYTES);
  });

  it('pinned memory and non_blocking make an asynchronous, faster copy', async () => {
    const s = await sessionWithTorch();
    await run(s, 'batch = torch.randn(32, 3, 224, 224).pin_memory()');
    expect(await outputOf(s, 'batch.is_pinned()')).toBe('True');
    expect(s.host.stats().pinnedBytes).toBe(BATCH_BYTES);
    const pageable = predictTransfer({
      link: 'pcie4',
      bytes: BATCH_BYTES,
      direction: 'h2d',
      pinned: false,
    }).seconds;
    const [record] = (await run(s, 'gpu = batch.to("cuda", non_blocking=True)')).transfers;
    expect(record).toMatchObject({ pinned: true, nonBlocking: true, asynchronous: true });
    expect(record?.seconds).toBeLessThan(pageable / 2);
  });

  it('a non_blocking copy back to the CPU lands in pinned memory, as in PyTorch', async () => {
    const s = await sessionWithTorch();
    await run(s, 'x = torch.ones(4, device="cuda")');
    const [record] = (await run(s, 'y = x.to("cpu", non_blocking=True)')).transfers;
    expect(record).toMatchObject({ direction: 'd2h', pinned: true, asynchronous: true });
    expect(await outputOf(s, 'y.is_pinned()')).toBe('True');
    expect(await outputOf(s, 'x.cpu().is_pinned()')).toBe('False');
    expect(await outputOf(s, 'y.clone().is_pinned()')).toBe('False');
  });

  it('follows the link the session is set to', async () => {
    const s = await sessionWithTorch({ link: 'pcie3' });
    const [record] = (await run(s, 'x = torch.ones(1000, 1000).cuda()')).transfers;
    expect(record?.link).toBe('pcie3');
    s.link = 'pcie5';
    const [back] = (await run(s, 'y = x.cpu()')).transfers;
    expect(back?.link).toBe('pcie5');
  });

  it('returns the same tensor when nothing changes, and leaves the original where it was', async () => {
    const s = await sessionWithTorch();
    await run(s, 'x = torch.ones(2, device="cuda")');
    expect((await run(s, 'y = x.to("cuda:0")')).transfers).toHaveLength(0);
    await run(s, 'a = torch.ones(2)', 'b = a.to("cuda")');
    expect(await outputOf(s, 'a.device, b.device')).toBe(
      "(device(type='cpu'), device(type='cuda', index=0))",
    );
  });

  it('.item() on a GPU tensor logs its small copy back to the host', async () => {
    const s = await sessionWithTorch();
    await run(s, 'loss = torch.tensor(0.25, device="cuda")');
    const result = await run(s, 'loss.item()');
    expect(result.output).toEqual(['0.25']);
    expect(result.transfers[0]).toMatchObject({ label: 'loss.item()', bytes: 4, direction: 'd2h' });
  });

  it('moving past the GPU memory raises the out-of-memory error and keeps the host copy', async () => {
    const s = await sessionWithTorch({ gpu: 'rtx-3080' });
    await run(s, 'a = torch.empty(40000, 40000)', 'a = a.cuda()', 'b = torch.empty(40000, 40000)');
    const result = await run(s, 'b = b.cuda()');
    expect(result.error?.pyType).toBe('torch.OutOfMemoryError');
    expect(result.error?.message).toMatch(
      /^CUDA out of memory\. Tried to allocate 5\.96 GiB\. GPU 0 has a total capacity of 10\.00 GiB of which 3\.54 GiB is free\./,
    );
    expect(await outputOf(s, 'b.device')).toBe("device(type='cpu')");
  });

  it('module.to(device) moves parameters in place and returns the module', async () => {
    const s = await sessionWithTorch();
    await run(s, 'model = nn.Linear(512, 256)');
    const result = await run(s, 'model = model.to("cuda")');
    expect(result.transfers.map((t) => t.label)).toEqual(['model.weight', 'model.bias']);
    expect(await outputOf(s, 'model.weight.device, model.weight.requires_grad')).toBe(
      "(device(type='cuda', index=0), True)",
    );
    expect(s.allocator.stats().allocatedBytes).toBe(512 * 256 * 4 + 1024);
  });
});
