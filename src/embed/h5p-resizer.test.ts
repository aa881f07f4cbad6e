import { describe, expect, it } from 'vitest';
import { H5P_INITIAL, stepH5p, type H5pInput, type H5pState } from './h5p-resizer';
import type { H5pOutgoing } from './messages';

/** Runs inputs in order and returns every message posted, step by step. */
function run(inputs: H5pInput[], from: H5pState = H5P_INITIAL) {
  let state = from;
  const posts: H5pOutgoing[][] = [];
  for (const input of inputs) {
    const step = stepH5p(state, input);
    state = step.state;
    posts.push(step.post);
  }
  return { state, posts };
}

const hello = { context: 'h5p', action: 'hello' };

describe('the H5P resizer handshake', () => {
  it('says hello, waits for the parent, then prepares and resizes', () => {
    const { posts } = run([
      { kind: 'start' },
      { kind: 'height', scrollHeight: 500, clientHeight: 150 },
      { kind: 'parent', action: 'hello' },
      { kind: 'parent', action: 'resizePrepared' },
    ]);
    expect(posts).toEqual([
      [hello],
      [],
      [{ context: 'h5p', action: 'prepareResize', scrollHeight: 500, clientHeight: 150 }],
      [{ context: 'h5p', action: 'resize', scrollHeight: 500 }],
    ]);
  });

  it('announces each height change once enabled, with the latest height on resize', () => {
    const { posts } = run([
      { kind: 'start' },
      { kind: 'parent', action: 'hello' },
      { kind: 'height', scrollHeight: 300, clientHeight: 150 },
      { kind: 'height', scrollHeight: 320, clientHeight: 300 },
      { kind: 'parent', action: 'resizePrepared' },
      { kind: 'parent', action: 'resizePrepared' },
    ]);
    expect(posts).toEqual([
      [hello],
      [], // nothing measured yet
      [{ context: 'h5p', action: 'prepareResize', scrollHeight: 300, clientHeight: 150 }],
      [{ context: 'h5p', action: 'prepareResize', scrollHeight: 320, clientHeight: 300 }],
      [{ context: 'h5p', action: 'resize', scrollHeight: 320 }],
      [], // no second resize without a new prepareResize
    ]);
  });

  it('says hello again when the parent script reports ready late', () => {
    const { posts } = run([{ kind: 'start' }, { kind: 'parent', action: 'ready' }]);
    expect(posts).toEqual([[hello], [hello]]);
  });

  it('prepares again when the parent window resizes, only once enabled', () => {
    const measured = [
      { kind: 'start' },
      { kind: 'height', scrollHeight: 400, clientHeight: 400 },
    ] as const;
    const before = run([...measured, { kind: 'parent', action: 'resize' }]);
    expect(before.posts[2]).toEqual([]);
    const after = run([
      ...measured,
      { kind: 'parent', action: 'hello' },
      { kind: 'parent', action: 'resize' },
    ]);
    expect(after.posts[3]).toEqual([
      { context: 'h5p', action: 'prepareResize', scrollHeight: 400, clientHeight: 400 },
    ]);
  });

  it('ignores resizePrepared that nobody asked for', () => {
    const { posts, state } = run([
      { kind: 'parent', action: 'resizePrepared' },
      { kind: 'height', scrollHeight: 10, clientHeight: 10 },
      { kind: 'parent', action: 'resizePrepared' },
    ]);
    expect(posts).toEqual([[], [], []]);
    expect(state.enabled).toBe(false);
  });

  it('never changes the state it was given', () => {
    const frozen = Object.freeze({ ...H5P_INITIAL });
    expect(() => run([{ kind: 'parent', action: 'hello' }], frozen)).not.toThrow();
    expect(frozen.enabled).toBe(false);
  });
});
