/**
 * The one path every measured run of a widget takes (a kernel on the GPU, a sweep, a race, a
 * file read by a worker): each run gets a fresh AbortSignal, Cancel aborts it, and when the run
 * throws, the controller hears whether the learner cancelled it or it failed, with the error's
 * text. A controller keeps only what is its own: what the run does and what its state shows at
 * each end.
 */

/** How a controller's state shows the two ways a run can stop early. */
export interface RunEnds {
  /** The run was cancelled: its signal was aborted by `cancel` (or by dispose). */
  cancelled(): void;
  /** The run threw without being cancelled; `message` is the error's text (errorText). */
  failed(message: string, error: unknown): void;
}

/** What a cancelled measurement says, where a widget has nothing more particular to say. */
export const MEASUREMENT_CANCELLED = 'Measurement cancelled.';

/** What a failed measurement says, where a widget has nothing more particular to say. */
export function measurementFailed(message: string): string {
  return `The measurement failed: ${message}`;
}

/** The text of a thrown value: an Error's message (its name when the message is empty). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/** `text` trimmed and ending as a sentence (a full stop added when it has no end mark). */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The reason a run's signal is aborted with: an AbortError, as `AbortSignal.abort()` gives. */
function cancelReason(): DOMException {
  return new DOMException('The run was cancelled.', 'AbortError');
}

/**
 * A controller's measured runs, one at a time: `start` runs work with a fresh signal, `cancel`
 * aborts it and lets its `cancelled` end speak, `stop` aborts it silently.
 */
export class AbortableRun {
  private controller: AbortController | null = null;

  /** Whether a run is under way. */
  get active(): boolean {
    return this.controller !== null;
  }

  /** Whether `signal` is the current run's (false once the run ended, was stopped or replaced). */
  isCurrent(signal: AbortSignal): boolean {
    return this.controller?.signal === signal;
  }

  /**
   * Runs `work` with a fresh signal, first stopping a run still under way (silently: nothing
   * hears its end). When `work` throws, `ends` hears whether it was cancelled or failed, unless a
   * newer run or `stop` has replaced it. Resolves when the run and its end are done; rejects only
   * when an end throws.
   */
  async start(work: (signal: AbortSignal) => Promise<void>, ends: RunEnds): Promise<void> {
    this.stop();
    const controller = new AbortController();
    this.controller = controller;
    try {
      await work(controller.signal);
    } catch (error) {
      if (this.controller !== controller) return;
      if (controller.signal.aborted) ends.cancelled();
      else ends.failed(errorText(error), error);
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  }

  /** Aborts the run under way, whose `cancelled` end then speaks; nothing when none is. */
  cancel(): void {
    this.controller?.abort(cancelReason());
  }

  /** Aborts the run under way without its end speaking (a view going away, a newer request). */
  stop(): void {
    const controller = this.controller;
    this.controller = null;
    controller?.abort(cancelReason());
  }
}
