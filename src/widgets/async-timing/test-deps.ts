/** Fake WebGPU for the demo's tests: a target that replays scripted readings run by run. */
import type { TimestampSupport } from '../../gpu';
import type { AsyncTimingDeps, TimedRuns, TimingTarget } from './controller';
import { HARDWARE_SCRIPT, scriptedReadings, type ScriptedRun } from './test-readings';

/** Options of the fake. */
export interface FakeTimingOptions {
  fallback?: boolean;
  timestamps?: TimestampSupport;
  script?: readonly ScriptedRun[];
  /** Whether the fake's output matches the reference. */
  verified?: boolean;
  /** Thrown by `time` after this many runs. */
  failAfter?: { runs: number; message: string };
  /** Resolves before each run, so a test can act between runs. */
  beforeRun?(index: number): Promise<void> | void;
  webgpu?: boolean;
}

/** Deps whose GPU replays `script` (repeating its warm runs as needed); `sizes` records each n. */
export function fakeTimingDeps(options: FakeTimingOptions = {}): {
  deps: AsyncTimingDeps;
  sizes: number[];
} {
  const sizes: number[] = [];
  const timestamps = options.timestamps ?? 'enabled';
  const target: TimingTarget = {
    adapter: {
      description: options.fallback ? 'google · swiftshader' : 'nvidia · ampere',
      fallback: options.fallback ?? false,
      timestamps,
    },
    async time(n, runs, onRun, signal): Promise<TimedRuns> {
      sizes.push(n);
      const script = options.script ?? HARDWARE_SCRIPT;
      const wanted = Array.from(
        { length: runs },
        (_, i) => script[Math.min(i, script.length - 1)]!,
      );
      const readings = scriptedReadings(wanted, {
        timestamps: timestamps === 'enabled' ? 'exact' : 'none',
      });
      for (const [index, reading] of readings.entries()) {
        await options.beforeRun?.(index);
        signal.throwIfAborted();
        if (options.failAfter && index >= options.failAfter.runs) {
          throw new Error(options.failAfter.message);
        }
        onRun(reading, index);
      }
      return {
        n,
        flops: 2 * n ** 3,
        readings,
        timestamps,
        compiledPipeline: true,
        verified: options.verified ?? true,
        checkText: options.verified === false ? '3 of 4,096 values differ' : 'all values match',
      };
    },
  };
  return {
    deps: {
      webgpuPresent: () => options.webgpu ?? true,
      acquire: async () =>
        options.webgpu === false
          ? { ok: false, message: 'This browser has no WebGPU (navigator.gpu is missing).' }
          : { ok: true, target },
    },
    sizes,
  };
}
