/**
 * The arithmetic of `npm run -s bench:page`, kept apart from the browser driving it
 * (scripts/bench-page.ts) so it can be tested: which scripts count as a lesson's first load,
 * cumulative layout shift from layout-shift entries, frame-gap percentiles, budget verdicts.
 */

/** One script the page fetched, as resource timing reports it (milliseconds from navigation). */
export interface ScriptLoad {
  url: string;
  startTimeMs: number;
  responseEndMs: number;
  /** Bytes on the wire (compressed as served), from `encodedBodySize`. */
  encodedBytes: number;
}

/** First-load budget for a lesson's JavaScript, compressed as served (the 120 KB). */
export const FIRST_LOAD_BUDGET_BYTES = 120 * 1024;

/** Layout-shift budget while widgets arrive (CLS). */
export const CLS_BUDGET = 0.05;

/** Frame-gap budget for the explorer while it plays: one 60 Hz frame. */
export const FRAME_GAP_BUDGET_MS = 16.7;

/** Whether a URL is a lesson's own chunk (`assets/01-why-gpus-<hash>.js` for `why-gpus`). */
export function isLessonChunk(url: string, slug: string): boolean {
  const file = url.split('?')[0]?.split('/').pop() ?? '';
  return new RegExp(`^\\d+-${slug.replace(/[^a-z0-9-]/g, '')}-[\\w-]+\\.js$`).test(file);
}

/**
 * Splits a lesson's scripts into its first load and what came after. The first load is every
 * script requested before the lesson's own chunk finished arriving: the app entry, its preloads,
 * the lesson chunk and the dependencies fetched beside it. Widget chunks can only be requested
 * once the lesson chunk has run and rendered, so they fall after. Null when the lesson chunk is
 * not among the scripts (a broken build or a wrong slug).
 */
export function splitFirstLoad(
  scripts: readonly ScriptLoad[],
  slug: string,
): { firstLoad: ScriptLoad[]; later: ScriptLoad[]; lessonChunkEndMs: number } | null {
  const lessonChunks = scripts.filter((s) => isLessonChunk(s.url, slug));
  if (lessonChunks.length === 0) return null;
  const first = lessonChunks.reduce((a, b) => (b.startTimeMs < a.startTimeMs ? b : a));
  const cutoff = first.responseEndMs;
  return {
    firstLoad: scripts.filter((s) => s.startTimeMs <= cutoff),
    later: scripts.filter((s) => s.startTimeMs > cutoff),
    lessonChunkEndMs: cutoff,
  };
}

/** Sum of encoded bytes. */
export function totalBytes(scripts: readonly ScriptLoad[]): number {
  return scripts.reduce((sum, s) => sum + s.encodedBytes, 0);
}

/** A layout-shift entry: when, how much, and whether input just happened (those do not count). */
export interface LayoutShift {
  startTimeMs: number;
  value: number;
  hadRecentInput: boolean;
}

/**
 * Cumulative layout shift as browsers define it: shifts are grouped into session windows (a new
 * window after a 1 s gap or once a window spans 5 s) and the largest window's sum is the score.
 * Shifts right after input are left out.
 */
export function cumulativeLayoutShift(shifts: readonly LayoutShift[]): number {
  let best = 0;
  let windowSum = 0;
  let windowStart = -Infinity;
  let last = -Infinity;
  const counted = shifts.filter((s) => !s.hadRecentInput && Number.isFinite(s.value));
  counted.sort((a, b) => a.startTimeMs - b.startTimeMs);
  for (const s of counted) {
    if (s.startTimeMs - last > 1000 || s.startTimeMs - windowStart > 5000) {
      windowSum = 0;
      windowStart = s.startTimeMs;
    }
    windowSum += s.value;
    last = s.startTimeMs;
    best = Math.max(best, windowSum);
  }
  return best;
}

/**
 * The shifts that happened after a moment (the lesson text's paint), so the score covers only
 * what moved while widgets arrived, not the lesson replacing its loading state.
 */
export function shiftsAfter(shifts: readonly LayoutShift[], afterMs: number): LayoutShift[] {
  return shifts.filter((s) => s.startTimeMs > afterMs);
}

/** The p-th percentile (0 to 1) by nearest rank; 0 for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

/**
 * PASS when a figure is within its budget (at most), else OVER; `resolution` is the smallest step
 * the measuring clock can take, within which a figure cannot be told from the budget.
 */
export function verdict(value: number, budget: number, resolution = 0): 'PASS' | 'OVER' {
  // The epsilon absorbs binary rounding in differences of clock readings.
  return value <= budget + resolution + 1e-9 ? 'PASS' : 'OVER';
}
