import { describe, expect, it } from 'vitest';
import { dotLoopLines } from './dot';

describe('the tl.dot product loop', () => {
  it('gives each invocation one column when the workgroup is a multiple of N wide', () => {
    const lines = dotLoopLines({ M: 32, N: 64, K: 16, W: 128, slots: 16 }, 'v9', '0f')!;
    const text = lines.join('\n');
    expect(text).toContain('let n = lid & 63u;');
    // Rows r0, r0 + 2, ...: W / N = 2 rows apart, K / 4 = 4 vec4s a row.
    expect(text).toContain('tileA[(r0 + j * 2u) * 4u + (k >> 2u)]');
    expect(text).not.toContain('let b1 =');
  });

  it('gives each invocation N / W columns of every row when the workgroup is narrower', () => {
    const text = dotLoopLines({ M: 64, N: 128, K: 16, W: 32, slots: 256 }, 'v9', '0f')!.join('\n');
    for (const c of [0, 1, 2, 3]) expect(text).toContain(`let b${c} = `);
    expect(text).not.toContain('let b4 =');
    expect(text).toContain('v9[m * 4u + 3u] = fma(');
    expect(text).toContain('tileB[k * 128u + lid + 96u]');
  });

  it('leaves a workgroup larger than the tile to the element-by-element loop', () => {
    expect(dotLoopLines({ M: 16, N: 16, K: 16, W: 512, slots: 1 }, 'v9', '0f')).toBeNull();
  });
});
