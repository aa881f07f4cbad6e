/**
 * Where the browser tests spend their pages' main-thread time: the app's own scripts, axe, the
 * scripts the tests evaluate in the page (Playwright's injected script among them), the
 * browser's native work (style, layout, parsing) and garbage collection.
 *
 *   npm run -s profile:browser              builds, runs the browser tests with a sampling
 *                                           profiler on every page they open, prints the summary
 *   npm run -s profile:browser -- FILE      prints the summary of a record already written
 *
 * The record is one JSON line per page (E2E_PROFILE=FILE, written by tests/e2e/page-profile.ts
 * when the page's context closes). Times are sampled wall time on the page's main thread, so on
 * a loaded machine they include time the thread waited for a core; read them as shares.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The parts of a V8 CPU profile (`Profiler.stop`) this reads. */
export interface SampledProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string } }>;
  samples?: number[];
  timeDeltas?: number[];
}

/** One page's main-thread time by script, as tests/e2e/page-profile.ts records it. */
export interface PageProfile {
  /** The test that opened the page (its full name), or null outside a test. */
  test: string | null;
  /** The address the page was opened at. */
  url: string;
  /** Sampled microseconds by script key (see `scriptKey`). */
  microsecondsByScript: Record<string, number>;
}

/** What a script key is counted as. */
export type TimeCategory = 'app' | 'axe' | 'evaluated' | 'native' | 'gc' | 'idle';

/** The key axe's script is evaluated under (its `//# sourceURL`; tests/e2e/axe.ts sets it). */
export const AXE_SCRIPT = 'axe.min.js';

/** V8's names for time spent outside any script. */
const PSEUDO_FRAMES: Record<string, TimeCategory> = {
  '(program)': 'native',
  '(garbage collector)': 'gc',
  '(idle)': 'idle',
  '(root)': 'native',
};

/**
 * The key a profile frame is counted under: a script's file name without its content hash
 * (`index-DTsjPyuv.js` -> `index.js`), a pseudo frame's own name, and `(evaluated)` for code
 * without an address (what tests evaluate, Playwright's injected script) and the browser's
 * built-in functions called from it.
 */
export function scriptKey(functionName: string, url: string): string {
  if (url)
    return url
      .replace(/[?#].*$/, '')
      .replace(/^.*\//, '')
      .replace(/-[\w-]{8}\.js$/, '.js');
  return functionName in PSEUDO_FRAMES ? functionName : '(evaluated)';
}

/** Sampled microseconds by script key over one profile. */
export function microsecondsByScript(profile: SampledProfile): Record<string, number> {
  const keyOf = new Map(
    profile.nodes.map((n) => [n.id, scriptKey(n.callFrame.functionName, n.callFrame.url)]),
  );
  const totals: Record<string, number> = {};
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const key = keyOf.get(id) ?? '(evaluated)';
    totals[key] = (totals[key] ?? 0) + Math.max(0, deltas[i] ?? 0);
  });
  return totals;
}

/** What a script key counts as. */
export function categoryOf(key: string): TimeCategory {
  if (key in PSEUDO_FRAMES) return PSEUDO_FRAMES[key] as TimeCategory;
  if (key === AXE_SCRIPT) return 'axe';
  return key === '(evaluated)' ? 'evaluated' : 'app';
}

/** What the categories mean, in the order the summary lists them. */
const CATEGORY_NAMES: Array<[TimeCategory, string]> = [
  ['axe', 'axe-core'],
  ['app', "the app's scripts"],
  ['native', 'native (style, layout, parsing, rendering)'],
  ['evaluated', "evaluated by the tests (Playwright's injected script)"],
  ['gc', 'garbage collection'],
];

/** The part of a test's full name before its first ` > `: its file's outer describe. */
function suiteOf(test: string | null): string {
  return (test ?? '(outside a test)').split(' > ')[0] ?? '';
}

/**
 * The summary as lines of text: busy seconds and shares by category, the app's busiest scripts,
 * and the suites (outer describes) whose pages were busiest, with their axe share.
 */
export function summarise(pages: readonly PageProfile[], top = 12): string[] {
  // One pass: seconds by category, by app script, and by suite.
  const sums: Record<TimeCategory, number> = {
    app: 0,
    axe: 0,
    evaluated: 0,
    native: 0,
    gc: 0,
    idle: 0,
  };
  const scripts = new Map<string, number>();
  const suites = new Map<string, { busy: number; axe: number; pages: number }>();
  for (const page of pages) {
    const name = suiteOf(page.test);
    const suite = suites.get(name) ?? { busy: 0, axe: 0, pages: 0 };
    suites.set(name, suite);
    suite.pages += 1;
    for (const [key, us] of Object.entries(page.microsecondsByScript)) {
      const category = categoryOf(key);
      const seconds = us / 1e6;
      sums[category] += seconds;
      if (category === 'idle') continue;
      suite.busy += seconds;
      if (category === 'axe') suite.axe += seconds;
      if (category === 'app') scripts.set(key, (scripts.get(key) ?? 0) + seconds);
    }
  }
  const busy = sums.app + sums.axe + sums.evaluated + sums.native + sums.gc;
  const share = (s: number) => `${busy > 0 ? Math.round((100 * s) / busy) : 0} %`;
  const lines = [`${pages.length} pages, ${busy.toFixed(1)} s busy on their main threads`];
  for (const [category, name] of CATEGORY_NAMES) {
    lines.push(
      `  ${sums[category].toFixed(1).padStart(7)} s  ${share(sums[category]).padStart(5)}  ${name}`,
    );
  }
  lines.push("The app's busiest scripts:");
  for (const [key, s] of [...scripts].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    lines.push(`  ${s.toFixed(1).padStart(7)} s  ${key}`);
  }
  lines.push('The busiest suites (pages, busy seconds, of which axe):');
  for (const [name, s] of [...suites].sort((a, b) => b[1].busy - a[1].busy).slice(0, top)) {
    lines.push(
      `  ${String(s.pages).padStart(3)}  ${s.busy.toFixed(1).padStart(6)} s  ${s.axe.toFixed(1).padStart(5)} s  ${name}`,
    );
  }
  return lines;
}

/** Reads a record of one JSON line per page. */
export function readRecord(text: string): PageProfile[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as PageProfile);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let file = process.argv[2];
  if (!file) {
    file = join(mkdtempSync(join(tmpdir(), 'browser-profile-')), 'pages.jsonl');
    const run = spawnSync('bash', ['scripts/browser-tests.sh'], {
      stdio: 'inherit',
      env: { ...process.env, E2E_PROFILE: file },
    });
    if (run.status !== 0)
      console.error('note: some browser tests failed; the summary covers the pages they opened');
  }
  if (!existsSync(file)) {
    console.error(`${file}: no page was profiled (is it the file E2E_PROFILE named?)`);
    process.exit(1);
  }
  console.log(summarise(readRecord(readFileSync(file, 'utf8'))).join('\n'));
}
