import { afterEach, describe, expect, it } from 'vitest';
import { predictTrainStep, predictTransfer, peerLinksOf } from '../models';
import { networkMatmulFlopsPerSecond } from '../models/network/matmul-efficiency';
import { achievableMemoryBytesPerSecond } from '../models/kernel';
import {
  getGpu,
  getLink,
  gpuIds,
  isGpuId,
  isLinkId,
  linkIds,
  listGpus,
  setMyMachine,
  smAnatomyOf,
  tensorPrecisionsOf,
  GPU_IDS,
} from './hardware';
import { readMachineReport, type MachineReport } from './machine-report';
import { architectureFamily, myMachineEntry, referenceGpuFor } from './my-machine';
import { SM_ANATOMY } from './sm-anatomy';
import { H200_REPORT } from './testing/machine-reports';

const H200 = H200_REPORT;

const enter = (report: MachineReport) => setMyMachine(myMachineEntry(report));

afterEach(() => setMyMachine(null));

describe('the learner’s machine in the catalog', () => {
  it('is absent until entered, then listed last under its own ids, and removable', () => {
    expect(isGpuId('my-machine')).toBe(false);
    expect(() => getGpu('my-machine')).toThrow(/enter your machine's calibration report/);
    expect(gpuIds()).toEqual(GPU_IDS);
    enter(H200);
    expect(isGpuId('my-machine')).toBe(true);
    expect(isLinkId('my-machine')).toBe(true);
    expect(gpuIds().at(-1)).toBe('my-machine');
    expect(linkIds().at(-1)).toBe('my-machine');
    expect(listGpus().at(-1)?.name).toBe('My machine (NVIDIA H200)');
    setMyMachine(null);
    expect(isGpuId('my-machine')).toBe(false);
    expect(() => getLink('my-machine')).toThrow(/unknown link/);
  });

  it('refuses an entry under another id', () => {
    const entry = myMachineEntry(H200);
    expect(() => setMyMachine({ ...entry, gpu: { ...entry.gpu, id: 'h100-sxm' } })).toThrow(
      /my-machine/,
    );
  });
});

describe('myMachineEntry', () => {
  it('keeps what the report measured as measured figures', () => {
    const { gpu } = myMachineEntry(H200);
    expect(gpu.sms).toMatchObject({ value: 132, kind: 'measured' });
    expect(gpu.memoryBytes).toMatchObject({ value: 139 * 2 ** 30, kind: 'measured' });
    expect(gpu.hostOpSeconds).toMatchObject({ value: 8.49e-6, kind: 'measured' });
    expect(gpu.sms.source).toMatch(/PyTorch 2.11.0\+cu130, CUDA 13.0/);
  });

  it('reproduces each measured rate: peak times achievable fraction gives the rate back', () => {
    const { gpu } = myMachineEntry(H200);
    const rate = (peak: number, fraction: number) => peak * fraction;
    const bf16 = gpu.peakFlopsPerSecond['tensor-core'].bf16!;
    expect(rate(bf16.value, gpu.achievable.tensorMatmul.bf16!.value)).toBeCloseTo(
      H200.bf16MatmulFlopsPerSecond,
      -6,
    );
    const fp32 = gpu.peakFlopsPerSecond['cuda-core'].fp32;
    expect(rate(fp32.value, gpu.achievable.cudaCoreMatmul.value)).toBeCloseTo(
      H200.fp32MatmulFlopsPerSecond,
      -6,
    );
    enter(H200);
    expect(achievableMemoryBytesPerSecond(getGpu('my-machine'))).toBeCloseTo(
      H200.copyBytesPerSecond,
      -3,
    );
    // The inferred peaks land on the H200's datasheet: 4,800 GB/s, and near 989 TFLOP/s bf16.
    expect(gpu.memoryBytesPerSecond.value / 1e9).toBeCloseTo(4800, -1);
    expect(bf16.value / 1e12).toBeGreaterThan(800);
    expect(bf16.value / 1e12).toBeLessThan(1000);
  });

  it('times host-to-device copies as the report measured them, pinned and pageable', () => {
    enter(H200);
    const copy = (pinned: boolean) =>
      predictTransfer({ gpu: 'my-machine', bytes: 2 ** 28, direction: 'h2d', pinned }).seconds;
    expect(copy(true) * 1e3).toBeCloseTo(4.91, 1);
    expect(copy(false) * 1e3).toBeCloseTo(45.4, 0);
    expect(getGpu('my-machine').hostLink).toBe('my-machine');
  });

  it('predicts whole steps with its own figures, near the catalog H200 and the measured steps', () => {
    enter(H200);
    const step = (gpu: 'my-machine' | 'h200-sxm', model: 'bert-base' | 'resnet50') =>
      predictTrainStep({
        model,
        gpu,
        batch: model === 'bert-base' ? 32 : 128,
        ...(model === 'bert-base' ? { seq: 128 } : {}),
        precision: 'amp-bf16',
        optimizer: model === 'bert-base' ? 'adamw' : 'sgd',
        execution: 'eager',
      }).step;
    // BERT-base: host-bound, so the measured host cost sets it (measured 39.6 and 46.1 ms).
    const bert = step('my-machine', 'bert-base');
    expect(bert.bound).toBe('host');
    expect(bert.hostOpSeconds).toBe(8.49e-6);
    expect(bert.seconds * 1e3).toBeGreaterThan(35);
    expect(bert.seconds * 1e3).toBeLessThan(46);
    // ResNet-50 at batch 128: GPU-bound (measured 30.0 and 31.3 ms).
    const resnet = step('my-machine', 'resnet50');
    expect(resnet.bound).toBe('gpu');
    expect(resnet.seconds / step('h200-sxm', 'resnet50').seconds).toBeGreaterThan(0.9);
    expect(resnet.seconds / step('h200-sxm', 'resnet50').seconds).toBeLessThan(1.2);
  });

  it('sets the host pace from the measured host cost unless a request gives its own', () => {
    enter({ ...H200, hostOpSeconds: 2 * 8.49e-6 });
    const request = {
      model: 'bert-base' as const,
      gpu: 'my-machine' as const,
      batch: 32,
      seq: 128,
      precision: 'amp-bf16' as const,
      optimizer: 'adamw' as const,
    };
    const slow = predictTrainStep(request).step;
    expect(slow.hostOpSeconds).toBeCloseTo(2 * 8.49e-6, 12);
    expect(predictTrainStep({ ...request, hostOpSeconds: 8.49e-6 }).step.hostSeconds).toBeCloseTo(
      slow.hostSeconds / 2,
      6,
    );
  });

  it('borrows the unmeasured from the catalog GPU of the same architecture, and says so', () => {
    const entry = myMachineEntry(H200);
    expect(referenceGpuFor('9.0')).toBe('h100-sxm');
    expect(entry.gpu.architecture).toMatch(/^Hopper \(sm_90\)/);
    expect(entry.gpu.maxThreadsPerSm).toMatchObject({ value: 2048, kind: 'estimate' });
    expect(entry.gpu.fp32Cores).toMatchObject({ value: 132 * 128, kind: 'estimate' });
    expect(entry.gpu.boostClockHz.note).toMatch(
      /NVIDIA H100 SXM, the catalog GPU of the same architecture/,
    );
    expect(entry.anatomy).toBe(SM_ANATOMY['h100-sxm']);
    enter(H200);
    expect(smAnatomyOf('my-machine')).toBe(SM_ANATOMY['h100-sxm']);
    expect(tensorPrecisionsOf(getGpu('my-machine'))).toEqual(['fp16', 'tf32', 'bf16', 'fp8']);
    // A GPU with PCIe 5 copies can be joined to peers over PCIe 5 and older.
    expect(peerLinksOf(getGpu('my-machine'))).toEqual(['pcie5', 'pcie4', 'pcie3']);
  });

  it('uses catalog medians when the architecture is unknown, and the nearest family when new', () => {
    const older: Partial<MachineReport> = { ...H200 };
    delete older.computeCapability;
    const read = readMachineReport(older);
    if (!read.ok) throw new Error(read.problems.join('; '));
    const entry = myMachineEntry(read.report);
    expect(entry.gpu.architecture).toMatch(/unknown architecture/);
    expect(entry.gpu.maxThreadsPerSm.note).toMatch(/median .* over the catalog's \d+ CUDA GPUs/);
    expect(entry.anatomy.warpSchedulers).toBeNull();
    expect(referenceGpuFor('8.7')).toMatch(/^a100|rtx-3080/);
    expect(referenceGpuFor('12.0')).toBeNull();
    expect(architectureFamily('12.0')).toBe('Blackwell');
    expect(architectureFamily('7.5')).toBe('Turing');
  });

  it('gives a GPU whose bf16 products are no faster than FP32 no bf16 tensor cores', () => {
    enter({
      ...H200,
      gpu: 'NVIDIA GeForce GTX 1650',
      sms: 14,
      computeCapability: '7.5',
      memoryBytes: 4 * 2 ** 30,
      bf16MatmulFlopsPerSecond: 1.1e12,
      fp32MatmulFlopsPerSecond: 2.4e12,
      copyBytesPerSecond: 110e9,
      pinnedH2dBytesPerSecond: 12e9,
      pageableH2dBytesPerSecond: 6e9,
    });
    const gpu = getGpu('my-machine');
    expect(tensorPrecisionsOf(gpu)).toEqual([]);
    expect(gpu.tensorCores.value).toBe(0);
    expect(() =>
      predictTrainStep({
        model: 'resnet50',
        gpu: 'my-machine',
        batch: 8,
        precision: 'amp-bf16',
        optimizer: 'sgd',
      }),
    ).toThrow(/bf16/);
    // FP32 training still predicts, from the measured SGEMM rate.
    expect(networkMatmulFlopsPerSecond(gpu, 'gemm', 'forward', 'fp32')).toBeCloseTo(2.4e12, -6);
    expect(peerLinksOf(gpu)).toEqual(['pcie3']);
  });
});
