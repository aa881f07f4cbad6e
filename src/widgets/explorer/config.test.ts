import { describe, expect, it } from 'vitest';
import {
  checkExplorerConfig,
  DEFAULT_EXPLORER_CONFIG,
  maxThreadsPerBlock,
  threadsPerBlockChoices,
} from './config';

describe('checkExplorerConfig', () => {
  it('defaults to the lesson example: A100, (1024, 512) ReLU, one thread per core', () => {
    const { config, messages } = checkExplorerConfig({});
    expect(config).toEqual(DEFAULT_EXPLORER_CONFIG);
    expect(config.elements).toBe(524_288);
    expect(messages).toEqual([]);
  });

  it('takes a preset’s own SM and core counts', () => {
    const { config } = checkExplorerConfig({ gpuId: 'h100-sxm' });
    expect([config.sms, config.coresPerSm]).toEqual([132, 128]);
  });

  it('falls back on an unknown GPU with a message', () => {
    const { config, messages } = checkExplorerConfig({ gpuId: 'tpu-v5' });
    expect(config.gpuId).toBe('a100-sxm-80gb');
    expect(messages[0]).toMatch(/Unknown GPU "tpu-v5"/);
  });

  it('clamps and rounds hand-set numbers, snapping cores to a warp multiple', () => {
    const { config, messages } = checkExplorerConfig({ sms: 999, coresPerSm: '70', elements: -5 });
    expect(config.sms).toBe(160);
    expect(config.coresPerSm).toBe(64);
    expect(config.elements).toBe(1);
    expect(messages.join(' ')).toMatch(/at most 160.*multiple of 32.*at least 1/);
  });

  it('shrinks a block that cannot fit one thread per core', () => {
    const { config, messages } = checkExplorerConfig({ threadsPerBlock: 256 });
    expect(config.threadsPerBlock).toBe(64);
    expect(messages[0]).toMatch(/one SM's 64 cores/);
    const resident = checkExplorerConfig({ threadsPerBlock: 256, residency: 'resident' });
    expect(resident.config.threadsPerBlock).toBe(256);
    expect(resident.messages).toEqual([]);
  });

  it('refuses block sizes that are not offered', () => {
    const { config, messages } = checkExplorerConfig({ threadsPerBlock: 100 });
    expect(config.threadsPerBlock).toBe(64);
    expect(messages[0]).toMatch(/one of 32, 64/);
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
