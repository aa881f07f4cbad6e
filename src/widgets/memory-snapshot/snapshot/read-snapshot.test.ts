import { describe, expect, it } from 'vitest';
import { SNAPSHOT_PICKLE_LIMITS } from '../limits';
import { unpickle } from '../pickle/unpickle';
import { SnapshotError, type SnapshotProblem } from '../problem';
import { writePickle, type PickleInput } from '../testing/pickle-writer';
import {
  USER_STACK,
  block,
  event,
  segment,
  snapshotDict,
  snapshotPickle,
} from '../testing/snapshot-builder';
import { readSnapshot } from './read-snapshot';

const parse = (bytes: Uint8Array) =>
  readSnapshot(unpickle(bytes, { limits: SNAPSHOT_PICKLE_LIMITS }));

function problem(input: PickleInput): SnapshotProblem {
  try {
    parse(writePickle(input));
  } catch (error) {
    if (error instanceof SnapshotError) return error.problem;
    throw error;
  }
  throw new Error('expected the snapshot to be refused');
}

const BASE = 0x7f0000000000;

describe('readSnapshot', () => {
  it('reads segments, blocks, traces and settings, sharing one id per recorded stack', () => {
    const snap = parse(
      snapshotPickle(
        [
          segment(BASE, [
            block(BASE, 1024, 'active_allocated', 1000, USER_STACK),
            block(BASE + 1024, 512, 'inactive'),
          ]),
        ],
        [
          [
            event('alloc', BASE, 1000, 10, USER_STACK),
            event('segment_map', BASE, 2048, 11),
            event('annotate', BASE, 0, 12),
          ],
        ],
      ),
    );
    expect(snap.shape).toBe('snapshot-dict');
    const [seg] = snap.segments;
    expect(seg).toMatchObject({ device: 0, address: BASE, totalBytes: 1536, segmentType: 'small' });
    expect(seg?.blocks.map((b) => [b.address, b.sizeBytes, b.requestedBytes, b.state])).toEqual([
      [BASE, 1024, 1000, 'active_allocated'],
      [BASE + 1024, 512, 512, 'inactive'],
    ]);
    const events = snap.deviceTraces[0] ?? [];
    expect(events.map((e) => e.action)).toEqual(['alloc', 'segment_map', 'other']);
    expect(events[0]).toMatchObject({ addr: BASE, sizeBytes: 1000, timeMicroseconds: 10 });
    // The writer memoizes the shared stack, as CPython does: both uses get the same id.
    expect(events[0]?.stackId).toBeGreaterThan(0);
    expect(seg?.blocks[0]?.stackId).toBe(events[0]?.stackId);
    expect(seg?.blocks[1]?.stackId).toBe(0);
    expect(snap.stackTable.stacks[events[0]?.stackId ?? 0]?.[1]).toEqual({
      filename: '/home/me/train.py',
      line: 42,
      name: 'train_step',
    });
    expect(snap.allocatorSettings).toEqual([
      ['PYTORCH_CUDA_ALLOC_CONF', 'expandable_segments:False'],
      ['max_split_size', '-1'],
      ['roundup_power2_divisions.1', '0'],
      ['roundup_power2_divisions.2', '0'],
    ]);
  });

  it('fills in block addresses from the segment and reads the pre-2.1 "history" layout', () => {
    const legacy = {
      size: 2048,
      state: 'active_allocated',
      history: [{ addr: BASE, real_size: 1500, frames: USER_STACK }],
    };
    const seg = {
      device: 1,
      address: BASE,
      total_size: 4096,
      blocks: [legacy, { size: 2048, state: 'inactive' }],
    };
    const snap = parse(writePickle({ segments: [seg], extra_key: 1 }));
    expect(snap.segments[0]?.blocks.map((b) => [b.address, b.requestedBytes])).toEqual([
      [BASE, 1500],
      [BASE + 2048, 2048],
    ]);
    expect(snap.segments[0]?.blocks[0]?.stackId).toBeGreaterThan(0);
    expect(snap.deviceTraces).toEqual([]);
    expect(snap.otherKeys).toEqual(['extra_key']);
  });

  it('accepts the bare segment list of torch.cuda.memory_snapshot()', () => {
    const snap = parse(writePickle([segment(BASE, [block(BASE, 512, 'active_allocated')])]));
    expect(snap.shape).toBe('segment-list');
    expect(snap.segments).toHaveLength(1);
  });

  it('says when a pickle is some other data', () => {
    expect(problem([1, 2, 3])).toMatchObject({ kind: 'not-snapshot' });
    expect(problem('hello').message).toMatch(/holds the text "hello", not a memory snapshot/);
    expect(problem({ model: 'resnet', epoch: 3 }).message).toMatch(
      /a dict with keys model, epoch, without the "segments" list/,
    );
  });

  it('names the damaged part of a snapshot', () => {
    const bad = (b: PickleInput) => problem(snapshotDict([segment(BASE, [b as never])]));
    expect(bad({ size: 512, state: 'exploded' }).message).toMatch(
      /segment 0, block 0 has an unknown state/,
    );
    expect(bad({ size: -512, state: 'inactive' }).message).toMatch(/negative size "size"/);
    expect(bad({ state: 'inactive' }).message).toMatch(/has no number "size"/);
    expect(problem({ segments: [{ address: 0, total_size: 1 }] }).message).toMatch(
      /segment 0 has no "blocks" list/,
    );
    expect(problem({ segments: [], device_traces: [[{ addr: 1 }]] }).message).toMatch(
      /event 0 of device 0 has no "action"/,
    );
  });
});
