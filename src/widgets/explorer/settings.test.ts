import { describe, expect, it } from 'vitest';
import { serializeState } from '../../state/pairs';
import {
  checkExplorerConfig,
  DEFAULT_EXPLORER_CONFIG,
  explorerSchema,
  maxThreadsPerBlock,
  threadsPerBlockChoices,
} from './settings';

describe('checkExplorerConfig', () => {
  it('defaults to the lesson example: A100, (1024, 512) ReLU, one thread per core', () => {
    const { config, settings, messages } = checkExplorerConfig({});
    expect(config).toEqual(DEFAULT_EXPLORER_CONFIG);
    expect(config.elements).toBe(524_288);
    expect([config.sms, config.coresPerSm]).toEqual([108, 64]);
    expect([settings.sms, settings.coresPerSm]).toEqual([0, 0]);
    expect(messages).toEqual([]);
  });

  it('takes a preset’s own SM and core counts', () => {
    const { config } = checkExplorerConfig({ gpuId: 'h100-sxm' });
    expect([config.sms, config.coresPerSm]).toEqual([132, 128]);
  });

  it('falls back on an unknown GPU with a message', () => {
    const { config, messages } = checkExplorerConfig({ gpuId: 'tpu-v5' });
    expect(config.gpuId).toBe('a100-sxm-80gb');
    expect(messages).toEqual(['GPU: "tpu-v5" is not one of the choices; using a100-sxm-80gb.']);
  });

  it('clamps and rounds hand-set numbers, snapping cores to a warp multiple', () => {
    const { config, messages } = checkExplorerConfig({ sms: 999, coresPerSm: '70', elements: -5 });
    expect(config.sms).toBe(160);
    expect(config.coresPerSm).toBe(64);
    expect(config.elements).toBe(1);
    expect(messages.join(' ')).toMatch(
      /at most 160.*at least 1.*multiple of 32 \(one warp\); using 64/,
    );
  });

  it('keeps only hand-set counts: the catalog’s own count is stored as 0', () => {
    const same = checkExplorerConfig({ sms: 108, coresPerSm: 64 });
    expect([same.settings.sms, same.settings.coresPerSm]).toEqual([0, 0]);
    expect(same.messages).toEqual([]);
    expect(serializeState(explorerSchema, same.settings)).toEqual([]);
    const hand = checkExplorerConfig({ gpuId: 'h100-sxm', sms: 66 });
    expect(hand.settings.sms).toBe(66);
    expect(serializeState(explorerSchema, hand.settings)).toEqual([
      ['explorer.gpu', 'h100-sxm'],
      ['explorer.sms', '66'],
    ]);
  });

  it('shrinks a block that cannot fit one thread per core', () => {
    const { config, messages } = checkExplorerConfig({ threadsPerBlock: 256 });
    expect(config.threadsPerBlock).toBe(64);
    expect(messages[0]).toMatch(/one SM's 64 cores/);
    const resident = checkExplorerConfig({ threadsPerBlock: 256, residency: 'resident' });
    expect(resident.config.threadsPerBlock).toBe(256);
    expect(resident.messages).toEqual([]);
  });

  it('snaps block sizes that are not offered to the nearest that fits', () => {
    const { config, messages } = checkExplorerConfig({ threadsPerBlock: 100 });
    expect(config.threadsPerBlock).toBe(64);
    expect(messages[0]).toMatch(/one of 32, 64, .*1024; using 64\./);
    const resident = checkExplorerConfig({ threadsPerBlock: '100', residency: 'resident' });
    expect(resident.config.threadsPerBlock).toBe(128);
    expect(resident.messages[0]).toMatch(/using 128\./);
  });
});

describe('block size choices', () => {
  it('stop at the cores per SM for one thread per core, at 1024 resident', () => {
    expect(threadsPerBlockChoices('one-per-core', 64, 2048)).toEqual([32, 64]);
    expect(threadsPerBlockChoices('one-per-core', 128, 2048)).toEqual([32, 64, 128]);
    expect(threadsPerBlockChoices('resident', 64, 2048)).toEqual([32, 64, 128, 256, 512, 1024]);
    expect(maxThreadsPerBlock('resident', 128, 1024)).toBe(1024);
    expect(maxThreadsPerBlock('one-per-core', 96, 2048)).toBe(64);
  });
});
