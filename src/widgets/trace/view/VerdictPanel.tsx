import type { TraceReport } from '../analysis/report';
import { summarySentences } from './view-text';

/** The verdict in words with its evidence, and the summary a screen reader reads. */
export function VerdictPanel({ report }: { report: TraceReport }) {
  const sentences = summarySentences(report);
  return (
    <section className="trace-summary" aria-label="Trace summary" data-testid="trace-summary">
      <p className="trace-verdict" data-verdict={report.verdict.kind} data-testid="trace-verdict">
        <strong>{report.verdict.headline}</strong>
      </p>
      <ul className="trace-evidence">
        {report.verdict.evidence.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="trace-summary-text">{sentences.slice(0, 3).join(' ')}</p>
    </section>
  );
}
