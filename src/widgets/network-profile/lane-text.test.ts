import { describe, expect, it } from 'vitest';
import { gpuLaneText, hostLaneText, idleSentence } from './lane-text';
import { stepLanes } from './lanes';
import { GPU_BOUND, HOST_BOUND } from './testing/steps';

describe('the lanes in words', () => {
  it('says the GPU waits for Python, and for how much of the step, when the host is slower', () => {
    expect(idleSentence(stepLanes(HOST_BOUND))).toBe(
      'The GPU waits for Python 75 % of this step: the host needs 40 ms to issue work the GPU runs in 10 ms.',
    );
  });

  it('says the host keeps ahead, and how busy the GPU is, when the GPU is slower', () => {
    expect(idleSentence(stepLanes(GPU_BOUND))).toBe(
      'The host keeps ahead: the GPU is busy 100 % of the step. The host needs 5 ms to issue the 14 ms of GPU work, then waits for it.',
    );
  });

  it('lists each lane’s time by phase, the host’s wait and the GPU’s idle time', () => {
    expect(hostLaneText(stepLanes(HOST_BOUND))).toBe(
      'busy 40 ms (forward 16 ms, backward 20 ms, optimizer 3.5 ms, fixed per step 500 µs).',
    );
    expect(hostLaneText(stepLanes(GPU_BOUND))).toBe(
      'busy 5 ms (forward 500 µs, backward 1 ms, optimizer 3 ms, fixed per step 500 µs); then it waits 9 ms for the GPU.',
    );
    expect(gpuLaneText(stepLanes(HOST_BOUND))).toBe(
      'busy 10 ms (forward 3 ms, backward 5 ms, optimizer 2 ms); idle 30 ms, 75 % of the step.',
    );
  });
});
