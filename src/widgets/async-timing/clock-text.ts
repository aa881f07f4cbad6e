/** How the demo names its clocks and their PyTorch twins, shared by its tables. Pure. */
import type { ClockId } from './model';

/** Each clock's name, when it stops, and the PyTorch snippet that measures the same thing. */
export const CLOCK_TEXT: Readonly<Record<ClockId, { name: string; stops: string; twin: string }>> =
  {
    naive: {
      name: 'Around submit',
      stops: 'when queue.submit() returns: the work is queued, not done',
      twin: '① perf_counter() with no synchronize (wrong)',
    },
    completion: {
      name: 'Until done',
      stops: 'when the queue reports the work finished',
      twin: '② synchronize(), then read the clock',
    },
    gpu: {
      name: 'GPU timestamps',
      stops: 'at the GPU’s own stamp at the end of the pass',
      twin: '③ CUDA events',
    },
  };

/** The PyTorch twin of the warm runs' median and spread. */
export const WARM_TWIN = '④ benchmark.Timer(…).blocked_autorange()';

/** Numbers of the twins, in order (①–④). */
export const TWIN_MARKS = ['①', '②', '③', '④'] as const;
