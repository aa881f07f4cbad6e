import { describe, expect, it } from 'vitest';
import { GPU_IDS } from '../../engine/catalog';
import { checkState } from '../../state/schema';
import { specTableSchema, toggleGpu } from './settings';

describe('specTableSchema', () => {
  it('shows the whole catalog, in catalog order, by default', () => {
    expect(specTableSchema.defaults.gpus).toEqual([...GPU_IDS]);
  });

  it('reads lesson props as arrays or comma lists, leaving out unknown ids with a notice', () => {
    const listed = checkState(specTableSchema, { gpus: ['h100-sxm', 'a100-sxm-80gb'] });
    expect(listed).toEqual({ state: { gpus: ['h100-sxm', 'a100-sxm-80gb'] }, notices: [] });
    const typed = checkState(specTableSchema, { gpus: 'h100-sxm, tpu, h100-sxm' });
    expect(typed.state.gpus).toEqual(['h100-sxm']);
    expect(typed.notices).toEqual(['GPUs shown: "tpu" is not one of the choices; left out.']);
  });

  it('falls back to the whole catalog when no known GPU is left', () => {
    const none = checkState(specTableSchema, { gpus: 'nope' });
    expect(none.state.gpus).toEqual([...GPU_IDS]);
    expect(none.notices[1]).toMatch(/^GPUs shown needs at least 1; using a100-sxm-40gb, /);
    expect(checkState(specTableSchema, { gpus: [] }).state.gpus).toEqual([...GPU_IDS]);
  });
});

describe('toggleGpu', () => {
  it('ticks a GPU off, keeping the others in order', () => {
    expect(toggleGpu(['h100-sxm', 'a100-sxm-80gb'], 'h100-sxm', false)).toEqual(['a100-sxm-80gb']);
  });

  it('puts a GPU ticked on in its catalog place', () => {
    expect(toggleGpu(['a100-sxm-40gb', 'rtx-4090'], 'h100-sxm', true)).toEqual([
      'a100-sxm-40gb',
      'h100-sxm',
      'rtx-4090',
    ]);
    expect(toggleGpu(['a100-sxm-40gb'], 'apple-m2', true)).toEqual(['a100-sxm-40gb', 'apple-m2']);
    expect(toggleGpu(['h100-sxm'], 'a100-sxm-40gb', true)).toEqual(['a100-sxm-40gb', 'h100-sxm']);
    expect(toggleGpu(['h100-sxm'], 'h100-sxm', true)).toEqual(['h100-sxm']);
  });

  it('never leaves the table empty', () => {
    expect(toggleGpu(['rtx-3080'], 'rtx-3080', false)).toEqual(['rtx-3080']);
  });
});
