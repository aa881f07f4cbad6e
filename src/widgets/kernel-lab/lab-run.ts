/**
 * What the lab asks of the runtime and gets back: a lab kernel at a size, measured by name
 * (`measureKernel`), and the measurement as the lab keeps it. Types only.
 */
import type { JobProgress, LabKernelId, LabRun, LabSize } from '../../gpu';

/** A run the lab asks for: a lab kernel at a size. */
export interface LabRunRequest {
  kernel: LabKernelId;
  size: LabSize;
}

/** A measured, checked run, less the output the lab does not keep. */
export type LabRunResult = LabRun;

/** Where a run is, for the progress bar and its words. */
export type LabProgress = JobProgress;
