import { describe, it, expect } from 'vitest';
import { elementwiseDescriptor } from './descriptor';
import { predictKernel } from './kernel';
import { buildTimeline, type StreamOp } from './timeline';
import { predictTransfer } from './transfer';

const MIB = 2 ** 20;
const GPU = 'a100-pcie-40gb';
const kernel = elementwiseDescriptor(64 * MIB, 'fp32', 4);

/** Two chunks: copy in, compute, copy out; on `streams` (one per chunk) with `pinned` memory. */
function pipeline(streams: [number, number], pinned: boolean): StreamOp[] {
  return streams.flatMap((stream): StreamOp[] => [
    { kind: 'copy', stream, direction: 'h2d', bytes: 256 * MIB, pinned },
    { kind: 'kernel', stream, descriptor: kernel },
    { kind: 'copy', stream, direction: 'd2h', bytes: 256 * MIB, pinned },
  ]);
}

describe('buildTimeline', () => {
  const copyIn = predictTransfer({
    gpu: GPU,
    bytes: 256 * MIB,
    direction: 'h2d',
    pinned: true,
  }).seconds;
  const copyOut = predictTransfer({
    gpu: GPU,
    bytes: 256 * MIB,
    direction: 'd2h',
    pinned: true,
  }).seconds;
  const compute = predictKernel(GPU, kernel).seconds;

  it('runs one stream strictly in order', () => {
    const t = buildTimeline({ gpu: GPU, ops: pipeline([1, 1], true) });
    expect(t.seconds).toBeCloseTo(2 * (copyIn + compute + copyOut), 12);
    expect(t.overlapSavedSeconds).toBeCloseTo(0, 12);
    expect(t.events.every((e) => e.overlapsWith.length === 0)).toBe(true);
    expect(t.events[1]?.waitedFor).toBe('stream-order');
  });

  it('overlaps pinned copies on two non-default streams with compute', () => {
    const t = buildTimeline({ gpu: GPU, ops: pipeline([1, 2], true) });
    const second = t.events[3]!;
    expect(second.startSeconds).toBeCloseTo(copyIn, 12);
    expect(second.waitedFor).toBe('engine-busy');
    expect(second.overlapsWith).toContain(1);
    // One engine per copy direction and one for compute, each in issue order: chunk 2's copy in
    // follows chunk 1's, its kernel waits for that copy and for kernel 1, its copy out for both
    // kernel 2 and copy out 1.
    const kernel2End = Math.max(2 * copyIn, copyIn + compute) + compute;
    const end = Math.max(kernel2End, copyIn + compute + copyOut) + copyOut;
    expect(t.seconds).toBeCloseTo(end, 12);
    expect(t.serialSeconds).toBeCloseTo(2 * (copyIn + compute + copyOut), 12);
    expect(t.overlapSavedSeconds).toBeCloseTo(t.serialSeconds - end, 12);
    expect(end).toBeLessThan(t.serialSeconds);
  });

  it('serialises everything on the legacy default stream', () => {
    const t = buildTimeline({ gpu: GPU, ops: pipeline([0, 0], true) });
    expect(t.seconds).toBeCloseTo(t.serialSeconds, 12);
  });

  it('serialises pageable copies even on separate streams', () => {
    const t = buildTimeline({ gpu: GPU, ops: pipeline([1, 2], false) });
    expect(t.seconds).toBeCloseTo(t.serialSeconds, 12);
    expect(t.events.every((e) => e.overlapsWith.length === 0)).toBe(true);
    expect(t.events[3]?.waitedFor).toBe('default-stream');
  });

  it('makes a default-stream op wait for all streams and later ops wait for it', () => {
    const ops: StreamOp[] = [
      { kind: 'kernel', stream: 1, descriptor: kernel },
      { kind: 'copy', stream: 0, direction: 'h2d', bytes: MIB, pinned: true },
      { kind: 'copy', stream: 2, direction: 'd2h', bytes: MIB, pinned: true },
    ];
    const t = buildTimeline({ gpu: GPU, ops });
    expect(t.events[1]!.startSeconds).toBeCloseTo(t.events[0]!.endSeconds, 12);
    expect(t.events[2]!.startSeconds).toBeCloseTo(t.events[1]!.endSeconds, 12);
  });

  it('holds the host at a sync until all work ends', () => {
    const ops: StreamOp[] = [
      { kind: 'kernel', stream: 1, descriptor: kernel },
      { kind: 'host-sync', label: 'wait' },
      { kind: 'copy', stream: 2, direction: 'h2d', bytes: MIB, pinned: true },
    ];
    const t = buildTimeline({ gpu: GPU, ops });
    expect(t.events[1]).toMatchObject({
      engine: 'host',
      seconds: 0,
      label: 'wait',
      waitedFor: 'default-stream',
    });
    expect(t.events[2]!.startSeconds).toBeCloseTo(compute, 12);
    expect(t.events[2]!.waitedFor).toBe('host-blocked');
  });

  it('rejects bad ops by position and field', () => {
    expect(() => buildTimeline({ gpu: 'x', ops: [] })).toThrow(/"x"/);
    expect(() => buildTimeline({ gpu: GPU, ops: 'no' as unknown as StreamOp[] })).toThrow(
      /ops must be an array/,
    );
    expect(() =>
      buildTimeline({ gpu: GPU, ops: [{ kind: 'kernel', stream: -1, descriptor: kernel }] }),
    ).toThrow(/ops\[0\]\.stream/);
    expect(() =>
      buildTimeline({ gpu: GPU, ops: [{ kind: 'nap' } as unknown as StreamOp] }),
    ).toThrow(/ops\[0\]\.kind/);
    expect(() =>
      buildTimeline({
        gpu: GPU,
        ops: [{ kind: 'copy', stream: 1, direction: 'h2d', bytes: -4, pinned: true }],
      }),
    ).toThrow(/bytes.*-4/);
    expect(() =>
      buildTimeline({
        gpu: GPU,
        ops: [{ kind: 'copy', stream: 1, direction: 'sideways' as 'h2d', bytes: 4, pinned: true }],
      }),
    ).toThrow(/ops\[0\]\.direction/);
    expect(() =>
      buildTimeline({ gpu: GPU, ops: [{ kind: 'kernel', stream: 1, descriptor: null as never }] }),
    ).toThrow(/descriptor/);
  });

  it('returns an empty timeline for no ops', () => {
    expect(buildTimeline({ gpu: GPU, ops: [] })).toMatchObject({
      events: [],
      seconds: 0,
      serialSeconds: 0,
    });
  });
});
