import { describe, expect, it } from 'vitest';
import { CachingAllocator, roundRequest, segmentSizeFor } from './allocator';
import { PyError } from './errors';
import { formatSize } from './memory-format';

const MIB = 1024 ** 2;
const GIB = 1024 ** 3;

describe('caching allocator arithmetic', () => {
  it('rounds requests to 512 bytes and picks segment sizes like PyTorch', () => {
    expect(roundRequest(1)).toBe(512);
    expect(roundRequest(2048)).toBe(2048);
    expect(roundRequest(2049)).toBe(2560);
    expect(segmentSizeFor(512)).toBe(2 * MIB);
    expect(segmentSizeFor(1 * MIB)).toBe(2 * MIB);
    expect(segmentSizeFor(1 * MIB + 512)).toBe(20 * MIB);
    expect(segmentSizeFor(19_267_584)).toBe(20 * MIB);
    expect(segmentSizeFor(21 * MIB)).toBe(22 * MIB);
  });

  it('packs small tensors into one 2 MiB segment and reuses freed blocks', () => {
    const a = new CachingAllocator(80 * GIB, 0);
    const first = a.allocate(2048);
    a.allocate(4);
    expect(a.stats()).toMatchObject({ allocatedBytes: 2560, reservedBytes: 2 * MIB, segments: 1 });
    a.free(first);
    expect(a.stats()).toMatchObject({ allocatedBytes: 512, reservedBytes: 2 * MIB });
    a.allocate(1024);
    expect(a.stats()).toMatchObject({ allocatedBytes: 1536, reservedBytes: 2 * MIB, segments: 1 });
  });

  it('keeps freed memory reserved until empty_cache, which frees only whole free segments', () => {
    const a = new CachingAllocator(80 * GIB, 0);
    const big = a.allocate(4 * 1024 * 1024 * 4);
    const small = a.allocate(100);
    expect(a.stats().reservedBytes).toBe(16 * MIB + 2 * MIB);
    a.free(big);
    expect(a.stats()).toMatchObject({ allocatedBytes: 512, reservedBytes: 18 * MIB });
    a.emptyCache();
    expect(a.stats()).toMatchObject({ allocatedBytes: 512, reservedBytes: 2 * MIB });
    a.free(small);
    a.emptyCache();
    expect(a.stats()).toMatchObject({ allocatedBytes: 0, reservedBytes: 0, segments: 0 });
  });

  it('merges neighbouring free blocks so a large block can be reused whole', () => {
    const a = new CachingAllocator(80 * GIB, 0);
    const x = a.allocate(3 * MIB);
    const y = a.allocate(3 * MIB);
    expect(a.stats()).toMatchObject({ reservedBytes: 20 * MIB, segments: 1 });
    a.free(x);
    a.free(y);
    a.allocate(18 * MIB);
    expect(a.stats()).toMatchObject({
      allocatedBytes: 18 * MIB,
      reservedBytes: 20 * MIB,
      segments: 1,
    });
  });

  it('tracks the peak and resets it', () => {
    const a = new CachingAllocator(80 * GIB, 0);
    const x = a.allocate(10 * MIB);
    a.free(x);
    expect(a.stats().peakAllocatedBytes).toBe(10 * MIB);
    a.resetPeak();
    expect(a.stats().peakAllocatedBytes).toBe(0);
  });

  it('releases cached segments before giving up, then raises PyTorch OutOfMemoryError', () => {
    const a = new CachingAllocator(1 * GIB, 0);
    const x = a.allocate(600 * MIB);
    a.free(x);
    a.allocate(700 * MIB);
    expect(a.stats().reservedBytes).toBe(700 * MIB);
    let error: unknown;
    try {
      a.allocate(400 * MIB);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PyError);
    expect((error as PyError).display).toBe(
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 400.00 MiB. GPU 0 has a total capacity of 1024.00 MiB of which 324.00 MiB is free. Including non-PyTorch memory, this process has 700.00 MiB memory in use. Of the allocated memory 700.00 MiB is allocated by PyTorch, and 0 bytes is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)',
    );
  });

  it('formats sizes with format_size rules', () => {
    expect(formatSize(1024)).toBe('1024 bytes');
    expect(formatSize(1025)).toBe('1.00 KiB');
    expect(formatSize(20 * MIB)).toBe('20.00 MiB');
    expect(formatSize(GIB)).toBe('1024.00 MiB');
    expect(formatSize(1.5 * GIB)).toBe('1.50 GiB');
  });
});
