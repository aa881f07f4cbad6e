import { describe, expect, it } from 'vitest';
import { raceBatchCpu, raceSerialCpu } from '../compute/race-reference';
import type { RaceRequest } from './race-protocol';
import { handleRaceRequest } from './race-handler';

describe('handleRaceRequest', () => {
  it('answers a warm-up with ready', () => {
    expect(handleRaceRequest({ kind: 'warm-up', id: 3 })).toEqual({
      response: { kind: 'ready', id: 3 },
      transfer: [],
    });
  });

  it('runs the serial chain', () => {
    const { response } = handleRaceRequest({ kind: 'serial', id: 4, iterations: 1000 });
    expect(response).toEqual({ kind: 'serial-done', id: 4, result: raceSerialCpu(1000) });
    expect(raceSerialCpu(1000)).toBe(0x03b7959e);
  });

  it('runs a batch and transfers its results buffer', () => {
    const request: RaceRequest = { kind: 'batch', id: 5, firstTask: 100, count: 7, iterations: 9 };
    const { response, transfer } = handleRaceRequest(request);
    if (response.kind !== 'batch-done') throw new Error(`unexpected ${response.kind}`);
    expect(response.firstTask).toBe(100);
    expect(response.results).toEqual(raceBatchCpu(100, 7, 9));
    expect(transfer).toEqual([response.results.buffer]);
  });

  it('turns bad input into an error response', () => {
    const bad = { kind: 'batch', id: 6, firstTask: 0, count: -2, iterations: 1 } as const;
    expect(handleRaceRequest(bad).response).toMatchObject({ kind: 'error', id: 6 });
    const unknown = { kind: 'dance', id: 7 } as unknown as RaceRequest;
    expect(handleRaceRequest(unknown).response).toEqual({
      kind: 'error',
      id: 7,
      message: 'unknown request kind dance',
    });
  });
});
