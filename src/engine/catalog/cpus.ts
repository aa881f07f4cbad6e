import { estimate, measured, vendor, type Figure } from './figure';
import { AGNER_FOG, ENGINE_ESTIMATE, INTEL_I9_14900K } from './sources';

/** CPUs in the catalog. */
export type CpuId = 'i9-14900k';

/** A desktop CPU with performance and efficiency cores. */
export interface CpuSpec {
  id: CpuId;
  name: string;
  performanceCores: Figure;
  efficiencyCores: Figure;
  hardwareThreads: Figure;
  /** Highest single-core clock (one P-core, thermal-velocity boost). */
  singleCoreBoostClockHz: Figure;
  /** P-core clock with every core busy. */
  performanceCoreAllCoreClockHz: Figure;
  /** E-core clock with every core busy. */
  efficiencyCoreAllCoreClockHz: Figure;
  /** Peak FP32 FLOP/s of all cores with AVX2 FMA. */
  fp32FlopsPerSecond: Figure;
  memoryBytesPerSecond: Figure;
  l3Bytes: Figure;
  /** Cycles before a dependent simple integer op can issue after the previous one. */
  dependentOpLatencyCycles: Figure;
  /** Cost of waking a pool of worker threads and joining them again. */
  threadPoolOverheadSeconds: Figure;
}

/** CPU catalog. */
export const CPU_SPECS: Readonly<Record<CpuId, CpuSpec>> = {
  'i9-14900k': {
    id: 'i9-14900k',
    name: 'Intel Core i9-14900K',
    performanceCores: vendor(8, 'cores', INTEL_I9_14900K),
    efficiencyCores: vendor(16, 'cores', INTEL_I9_14900K),
    hardwareThreads: vendor(32, 'threads', INTEL_I9_14900K, 'P-cores run two threads each'),
    singleCoreBoostClockHz: vendor(6.0e9, 'Hz', INTEL_I9_14900K, 'Thermal Velocity Boost'),
    performanceCoreAllCoreClockHz: estimate(
      5.6e9,
      'Hz',
      INTEL_I9_14900K,
      'the P-core max turbo; sustained all-core clocks depend on the cooler and power limit',
    ),
    efficiencyCoreAllCoreClockHz: vendor(4.4e9, 'Hz', INTEL_I9_14900K, 'E-core max turbo'),
    fp32FlopsPerSecond: estimate(
      2.56e12,
      'FLOP/s',
      INTEL_I9_14900K,
      'P: 8 x 32 FLOP/cycle (2 x 256-bit FMA) x 5.6 GHz + E: 16 x 16 FLOP/cycle (2 x 128-bit FMA) x 4.4 GHz; the course material quotes about 1 TFLOPS sustained',
    ),
    memoryBytesPerSecond: vendor(89.6e9, 'B/s', INTEL_I9_14900K, 'DDR5-5600, two channels'),
    l3Bytes: vendor(36 * 2 ** 20, 'B', INTEL_I9_14900K),
    dependentOpLatencyCycles: measured(1, 'cycles', AGNER_FOG),
    threadPoolOverheadSeconds: estimate(
      10e-6,
      's',
      ENGINE_ESTIMATE,
      'waking 24 sleeping workers and joining them costs a few microseconds each, mostly in parallel',
    ),
  },
};
