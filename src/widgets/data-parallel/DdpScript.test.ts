import { describe, expect, it } from 'vitest';
import { DDP_SCRIPT, launchCommand } from './DdpScript';

describe('the DDP script beside the simulator', () => {
  it('claims its GPU before joining the process group, and binds the group to it', () => {
    const lines = DDP_SCRIPT.map(([code]) => code);
    const setDevice = lines.indexOf('torch.cuda.set_device(local_rank)');
    const init = lines.findIndex((line) => line.startsWith('dist.init_process_group('));
    expect(setDevice).toBeGreaterThan(-1);
    expect(init).toBeGreaterThan(setDevice);
    expect(lines[init]).toContain('device_id=device');
  });

  it('launches one process per GPU, with a meeting point across nodes', () => {
    expect(launchCommand(4, 1)).toBe('torchrun --nproc_per_node=4 train.py');
    expect(launchCommand(8, 2)).toMatch(/--nnodes=2 --nproc_per_node=8 .*--rdzv_endpoint=/s);
  });
});
