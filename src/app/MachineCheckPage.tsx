import { useEffect, useId, useRef, useState } from 'react';
import {
  acquireForCheck,
  browserEnvironment,
  factsOf,
  runTestKernel,
  TEST_SECONDS,
  type CheckEnvironment,
} from '../machine-check/run-check';
import {
  courseVerdicts,
  kernelLine,
  limitText,
  overallVerdict,
  reportText,
  type KernelReport,
  type MachineFacts,
  type VerdictKind,
} from '../machine-check/verdicts';
import { guideHref } from '../state/route';
import './machine-check.css';

/** What the page needs from the browser (injected in tests). */
export interface MachineCheckDeps {
  acquire: typeof acquireForCheck;
  runKernel: typeof runTestKernel;
  environment(): CheckEnvironment;
}

const BROWSER: MachineCheckDeps = {
  acquire: acquireForCheck,
  runKernel: runTestKernel,
  environment: browserEnvironment,
};

const KIND_WORDS: Record<VerdictKind, string> = {
  measures: 'Measures',
  'measures-cpu': 'Measures on the CPU',
  partly: 'Partly',
  models: 'Model only',
};

/**
 * The lab-machine check (#/check-machine): on one machine, whether WebGPU is there and why
 * not, the adapter and whether it is a software fallback, the features and limits the course
 * uses, a two-second test kernel checked against the CPU, and a verdict per part of the course;
 * "Copy report" gives the same as plain text to collect from a room of machines.
 */
export function MachineCheckPage({ deps = BROWSER }: { deps?: MachineCheckDeps }) {
  const [facts, setFacts] = useState<MachineFacts | null>(null);
  const [running, setRunning] = useState(false);
  const [label, setLabel] = useState('');
  const [copied, setCopied] = useState<string | null>(null);
  const run = useRef<AbortController | null>(null);
  const reportRef = useRef<HTMLTextAreaElement>(null);
  const labelId = useId();

  async function check() {
    run.current?.abort();
    const controller = new AbortController();
    run.current = controller;
    setCopied(null);
    const env = deps.environment();
    const acquisition = await deps.acquire();
    if (controller.signal.aborted) return;
    const found = factsOf(acquisition, env);
    setFacts(found);
    if (!acquisition.ok) return;
    setRunning(true);
    let kernel: KernelReport;
    try {
      kernel = await deps.runKernel(acquisition.gpu, controller.signal);
    } catch {
      return; // stopped: the page went away or the check started again
    }
    if (controller.signal.aborted) return;
    setRunning(false);
    setFacts({ ...found, kernel });
  }

  useEffect(() => {
    void check();
    return () => run.current?.abort();
    // Runs once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const text = facts ? reportText(facts, label.trim()) : '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('The report is copied: paste it wherever you collect the room’s machines.');
    } catch {
      // No clipboard here (an insecure page, a refused permission): select the text instead.
      reportRef.current?.select();
      setCopied('The browser would not copy: the report below is selected, press Ctrl+C (⌘C).');
    }
  }

  const kernelState = !facts?.webgpu.ok
    ? 'none'
    : running
      ? 'running'
      : facts.kernel?.ok && facts.kernel.verified
        ? 'passed'
        : facts.kernel
          ? 'failed'
          : 'running';

  return (
    <div className="page narrow machine-check">
      <h1>Lab-machine check</h1>
      <p>
        Open this page on each machine learners will use, in the browser they will use. It asks the
        browser for its GPU, the way every widget of the course does, runs a test kernel for about{' '}
        {TEST_SECONDS} seconds and checks its result against the CPU, then says what each part of
        the course will do here. Nothing is sent anywhere: copy the report to collect it. The{' '}
        <a href={guideHref('instructors', 'checking-the-lab-machines')}>instructors&apos; guide</a>{' '}
        says what to do with it.
      </p>
      {!facts ? (
        <p role="status">Asking the browser for its GPU…</p>
      ) : (
        <>
          <section
            aria-labelledby="mc-verdict"
            className="mc-verdict"
            data-webgpu={facts.webgpu.ok}
          >
            <h2 id="mc-verdict">Verdict</h2>
            <p role="status" aria-live="polite" data-kernel={kernelState}>
              {running
                ? `The test kernel is running (about ${TEST_SECONDS} seconds)…`
                : overallVerdict(facts)}
            </p>
          </section>
          <section aria-labelledby="mc-parts">
            <h2 id="mc-parts">Each part of the course</h2>
            <ul className="mc-parts">
              {courseVerdicts(facts).map((v) => (
                <li
                  key={v.id}
                  data-part={v.id}
                  data-kind={running && v.kind !== 'models' ? 'pending' : v.kind}
                >
                  <span className={`mc-kind mc-kind-${v.kind}`}>{KIND_WORDS[v.kind]}</span>{' '}
                  <strong>{v.part}.</strong>{' '}
                  {running && v.kind !== 'models' ? 'Waiting for the test kernel.' : v.line}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="mc-gpu">
            <h2 id="mc-gpu">WebGPU and the adapter</h2>
            <dl className="mc-facts">
              <div>
                <dt>WebGPU</dt>
                <dd>{facts.webgpu.ok ? 'yes' : `no: ${facts.webgpu.message}`}</dd>
              </div>
              {!facts.secureContext && (
                <div>
                  <dt>Secure page</dt>
                  <dd>no: WebGPU needs https or localhost</dd>
                </div>
              )}
              {facts.adapter && (
                <>
                  <div>
                    <dt>Adapter</dt>
                    <dd>{facts.adapter.label}</dd>
                  </div>
                  <div data-fallback={facts.adapter.isFallback}>
                    <dt>Software fallback</dt>
                    <dd>
                      {facts.adapter.isFallback
                        ? 'yes: WebGPU runs on the CPU cores, not a graphics chip'
                        : 'no: a hardware GPU'}
                    </dd>
                  </div>
                </>
              )}
              <div>
                <dt>Test kernel</dt>
                <dd data-kernel-line={kernelState}>
                  {running ? 'running…' : kernelLine(facts.kernel)}
                </dd>
              </div>
            </dl>
            <h3>Features the course uses</h3>
            <ul className="mc-list">
              {facts.features.map((f) => (
                <li key={f.name} data-feature={f.name} data-offered={f.offered}>
                  <code>{f.name}</code>: {f.offered ? 'yes' : 'no'}.{' '}
                  <span className="mc-use">{f.use}.</span>
                </li>
              ))}
            </ul>
            <h3>Limits the course relies on</h3>
            <ul className="mc-list">
              {facts.limits.map((l) => (
                <li key={l.name} data-limit={l.name}>
                  <code>{l.name}</code>: {limitText(l.name, l.adapter)} (WebGPU&apos;s default{' '}
                  {limitText(l.name, l.default)}). <span className="mc-use">{l.use}.</span>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="mc-report">
            <h2 id="mc-report">The report</h2>
            <div className="mc-report-actions">
              <label htmlFor={labelId}>This machine (room, seat)</label>
              <input
                id={labelId}
                type="text"
                value={label}
                maxLength={80}
                onChange={(e) => setLabel(e.currentTarget.value)}
              />
              <button
                type="button"
                className="primary"
                onClick={() => void copy()}
                disabled={running}
              >
                Copy report
              </button>
              <button type="button" onClick={() => void check()} disabled={running}>
                Check again
              </button>
            </div>
            <p role="status" aria-live="polite" className="mc-copied">
              {copied}
            </p>
            <textarea
              ref={reportRef}
              className="mc-report"
              readOnly
              value={text}
              rows={Math.min(30, text.split('\n').length)}
              aria-label="The report as plain text"
            />
          </section>
        </>
      )}
    </div>
  );
}
