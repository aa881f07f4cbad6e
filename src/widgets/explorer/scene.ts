/** What one frame of the explorer's canvas shows, in which colours, through which canvas calls. */
import type { ExplorerHardware } from './hardware';
import type { GpuLayout } from './layout';
import type { Residency } from './settings';

/** Colours read from the widget's CSS variables, so light and dark themes both work. */
export interface DrawColors {
  background: string;
  tile: string;
  tileBorder: string;
  coreIdle: string;
  coreBusy: string;
  tensor: string;
  progress: string;
  selected: string;
  text: string;
  muted: string;
  font: string;
}

/** Everything one frame shows. */
export interface Scene {
  hardware: ExplorerHardware;
  layout: GpuLayout;
  /** Threads on each SM in the shown wave (all zero before the first wave). */
  threadsPerSm: Uint32Array;
  /** Share of the shown wave that is done, in [0, 1]. */
  waveFraction: number;
  /** The shown wave, 0 before the start. */
  wave: number;
  selectedSm: number;
  /** 0 = whole GPU, 1 = the selected SM fills the canvas. */
  zoomProgress: number;
  /** Whether the drawing has keyboard focus (draws the selection ring). */
  focused: boolean;
  /** The picture being played: one thread per core, or resident warps. */
  residency: Residency;
}

/** The part of CanvasRenderingContext2D the drawing uses. */
export type DrawContext = Pick<
  CanvasRenderingContext2D,
  | 'save'
  | 'restore'
  | 'setTransform'
  | 'transform'
  | 'fillRect'
  | 'strokeRect'
  | 'beginPath'
  | 'rect'
  | 'fill'
  | 'fillText'
  | 'measureText'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'font'
  | 'textBaseline'
  | 'textAlign'
  | 'globalAlpha'
  | 'drawImage'
>;

/** Cores shown busy on an SM holding `threads` threads (one core per thread at most). */
export function busyCores(threads: number, coresPerSm: number): number {
  return Math.min(threads, coresPerSm);
}
