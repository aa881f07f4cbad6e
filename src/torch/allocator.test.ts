import { describe, expect, it } from 'vitest';
import { CachingAllocator, roundRequest, segmentSizeFor } from './allocator';
import { PyError } from './errors';
import { formatSize } from './memory-format';
import { formatMemorySummary, formatSummaryCount, formatSummarySize } from './memory-summary';

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
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 400.00 MiB. GPU 0 has a total capacity of 1024.00 MiB of which 324.00 MiB is free. Including non-PyTorch memory, this process has 700.00 MiB memory in use. Of the allocated memory 700.00 MiB is allocated by PyTorch, and 0 bytes is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)',
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

describe('the allocator seen from outside', () => {
  it('lists segments by pool with their blocks: offset, size, allocated and requested bytes', () => {
    const a = new CachingAllocator(80 * GIB, 0);
    const x = a.allocate(3 * MIB + 100);
    a.allocate(1000);
    a.allocate(5 * MIB);
    a.free(x);
    expect(a.segmentViews()).toEqual([
      {
        id: expect.any(Number),
        pool: 'large',
        sizeBytes: 20 * MIB,
        blocks: [
          { offsetBytes: 0, sizeBytes: 3 * MIB + 512, allocated: false, requestedBytes: 0 },
          {
            offsetBytes: 3 * MIB + 512,
            sizeBytes: 5 * MIB,
            allocated: true,
            requestedBytes: 5 * MIB,
          },
          {
            offsetBytes: 8 * MIB + 512,
            sizeBytes: 12 * MIB - 512,
            allocated: false,
            requestedBytes: 0,
          },
        ],
      },
      {
        id: expect.any(Number),
        pool: 'small',
        sizeBytes: 2 * MIB,
        blocks: [
          { offsetBytes: 0, sizeBytes: 1024, allocated: true, requestedBytes: 1000 },
          { offsetBytes: 1024, sizeBytes: 2 * MIB - 1024, allocated: false, requestedBytes: 0 },
        ],
      },
    ]);
  });

  it('leaves a rest of 1 MiB or less inside the block: the large pool does not split it', () => {
    const a = new CachingAllocator(80 * GIB, 0);
    a.allocate(9.5 * MIB);
    const [segment] = a.segmentViews();
    expect(segment?.blocks).toHaveLength(2);
    a.allocate(10 * MIB);
    const blocks = a.segmentViews()[0]?.blocks ?? [];
    expect(blocks.map((b) => [b.sizeBytes, b.requestedBytes])).toEqual([
      [9.5 * MIB, 9.5 * MIB],
      [10.5 * MIB, 10 * MIB],
    ]);
  });

  it('counts allocations, segments and non-releasable free blocks by pool, as memory_stats()', () => {
    const a = new CachingAllocator(80 * GIB, 0);
    const x = a.allocate(4 * MIB);
    const y = a.allocate(100);
    let m = a.memoryStats().metrics;
    expect(m.allocation.all).toEqual({ current: 2, peak: 2, allocated: 2, freed: 0 });
    expect(m.inactive_split_bytes.large_pool.current).toBe(16 * MIB);
    expect(m.inactive_split_bytes.small_pool.current).toBe(2 * MIB - 512);
    expect(m.requested_bytes.small_pool.current).toBe(100);
    a.free(x);
    m = a.memoryStats().metrics;
    // The 20 MiB segment is whole and free again: releasable, so no longer "inactive split".
    expect(m.inactive_split_bytes.large_pool.current).toBe(0);
    expect(m.allocated_bytes.large_pool).toEqual({
      current: 0,
      peak: 4 * MIB,
      allocated: 4 * MIB,
      freed: 4 * MIB,
    });
    a.emptyCache();
    a.free(y);
    m = a.memoryStats().metrics;
    expect(m.segment.all).toEqual({ current: 1, peak: 2, allocated: 2, freed: 1 });
    expect(m.reserved_bytes.all.current).toBe(2 * MIB);
    a.resetPeak();
    expect(a.memoryStats().metrics.segment.all.peak).toBe(1);
    expect(a.stats().peakReservedBytes).toBe(2 * MIB);
  });

  it('counts the retry after releasing the cache, and each out-of-memory error', () => {
    const a = new CachingAllocator(1 * GIB, 0);
    a.free(a.allocate(600 * MIB));
    a.allocate(700 * MIB);
    expect(a.memoryStats()).toMatchObject({ numAllocRetries: 1, numOoms: 0 });
    expect(() => a.allocate(400 * MIB)).toThrow(PyError);
    expect(a.memoryStats()).toMatchObject({ numAllocRetries: 2, numOoms: 1 });
  });
});

describe('memory_summary()', () => {
  it('scales sizes and counts by the row total, as _format_size and _format_count do', () => {
    expect(formatSummarySize(0, 0)).toBe('     0 B  ');
    expect(formatSummarySize(1024, 1024)).toBe('  1024 B  ');
    expect(formatSummarySize(512 * 1024, 800 * 1024)).toBe('   512 KiB');
    expect(formatSummarySize(0, 800 * 1024)).toBe('     0 KiB');
    expect(formatSummarySize(20 * MIB, 20 * MIB)).toBe(' 20480 KiB');
    expect(formatSummarySize(3 * GIB, 3 * GIB)).toBe('  3072 MiB');
    expect(formatSummaryCount(2, 2)).toBe('      2   ');
    expect(formatSummaryCount(1_234_567, 1_234_567)).toBe('   1234 K ');
  });

  it('prints the table of torch/cuda/memory.py, 75 columns between the bars', () => {
    const a = new CachingAllocator(80 * GIB, 0);
    a.allocate(4 * MIB);
    a.allocate(1000);
    const lines = formatMemorySummary(a.memoryStats(), 0).split('\n');
    expect(lines.slice(0, 11)).toEqual([
      '|===========================================================================|',
      '|                  PyTorch CUDA memory summary, device ID 0                 |',
      '|---------------------------------------------------------------------------|',
      '|            CUDA OOMs: 0            |        cudaMalloc retries: 0         |',
      '|===========================================================================|',
      '|        Metric         | Cur Usage  | Peak Usage | Tot Alloc  | Tot Freed  |',
      '|---------------------------------------------------------------------------|',
      '| Allocated memory      |   4097 KiB |   4097 KiB |   4097 KiB |      0 B   |',
      '|       from large pool |   4096 KiB |   4096 KiB |   4096 KiB |      0 B   |',
      '|       from small pool |      1 KiB |      1 KiB |      1 KiB |      0 B   |',
      '|---------------------------------------------------------------------------|',
    ]);
    expect(lines).toContain(
      '| GPU reserved memory   |  22528 KiB |  22528 KiB |  22528 KiB |      0 B   |',
    );
    expect(lines).toContain(
      '| Requested memory      |   4096 KiB |   4096 KiB |   4096 KiB |      0 B   |',
    );
    expect(lines.at(-2)).toBe(
      '|===========================================================================|',
    );
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).every((line) => line.length === 77)).toBe(true);
    const short = formatMemorySummary(a.memoryStats(), 0, true);
    expect(short).not.toContain('from large pool');
    expect(short).toContain('| Non-releasable allocs |       2    |');
  });
});
