import { describe, expect, it } from 'vitest';
import { planKernel } from '../../gpu';
import { forecastDescriptor, forecastRun, labDeviceModel, MEASURE_FIRST } from './device-model';

const adapter = { description: 'google · swiftshader', isFallback: true };
const roofs = { memoryBytesPerSecond: 2e9, flopsPerSecond: 2e10, launchOverheadSeconds: 4e-5 };

describe('labDeviceModel', () => {
  it('turns the measured roofs and the adapter into the engine’s device', () => {
    expect(labDeviceModel(roofs, adapter)).toEqual({
      kind: 'measured',
      name: 'google · swiftshader',
      bytesPerSecond: 2e9,
      fmaFlopsPerSecond: 2e10,
      launchOverheadSeconds: 4e-5,
      software: true,
    });
  });

  it('calls an adapter with no description "this GPU"', () => {
    expect(labDeviceModel(roofs, { description: ' ', isFallback: false }).name).toBe('this GPU');
  });
});

describe('forecastRun', () => {
  it('says to measure the roofs first while there is no model', () => {
    expect(forecastRun(null, { kernel: 'relu', size: { elements: 10 } })).toEqual({
      ok: false,
      message: MEASURE_FIRST,
    });
    expect(MEASURE_FIRST).toMatch(/measure the roofs first/);
  });

  it('predicts the plan of the run asked for: launch + max(bytes / bandwidth, FLOPs / FMA)', () => {
    const device = labDeviceModel(roofs, adapter);
    for (const request of [
      { kernel: 'relu', size: { elements: 1 << 20 } },
      { kernel: 'matmul-tiled', size: { m: 64, n: 48, k: 80 } },
      { kernel: 'fma', size: { elements: 4096 } },
    ] as const) {
      const d = planKernel(request.kernel, request.size).descriptor;
      const expected = 4e-5 + Math.max((d.bytesRead + d.bytesWritten) / 2e9, d.flops / 2e10);
      const forecast = forecastRun(device, request);
      expect(forecast.ok, request.kernel).toBe(true);
      expect(forecast.ok && forecast.seconds, request.kernel).toBeCloseTo(expected, 15);
    }
  });

  it('says why when the model is missing a roof', () => {
    const device = labDeviceModel({ ...roofs, launchOverheadSeconds: null }, adapter);
    const forecast = forecastRun(device, { kernel: 'relu', size: { elements: 10 } });
    expect(forecast).toMatchObject({
      ok: false,
      message: expect.stringMatching(/launch overhead/),
    });
  });

  it('turns a size the plan refuses into a message instead of throwing', () => {
    const device = labDeviceModel(roofs, adapter);
    const forecast = forecastRun(device, { kernel: 'relu', size: { elements: -5 } });
    expect(forecast.ok).toBe(false);
    const bad = { ...planKernel('relu', { elements: 4 }).descriptor, flops: NaN };
    expect(forecastDescriptor(device, bad).ok).toBe(false);
  });
});
