import { useId, useMemo, useRef, useState } from 'react';
import { ColumnHeads } from '../../ui/ColumnHeads';
import {
  MAX_MACHINE_REPORT_CHARS,
  myMachineEntry,
  parseMachineReport,
  type MachineReport,
} from '../../engine/catalog';
import { formatSeconds } from '../../format/units';
import { myMachineStore, useMyMachine } from '../../store/my-machine';
import { useWidgetState } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import type { WidgetStatus } from '../../ui/frame/status';
import { EXAMPLE_REPORT_TEXT } from './example-report';
import { figureRows, samplePrediction } from './model';
import { myMachineSchema } from './settings';
import '../../ui/panel.css';
import '../../ui/readout-table.css';
import '../../ui/status.css';
import './my-machine.css';
import { myMachineFace } from './face';

/** A chosen file's first characters: enough to read any report, or to refuse a wrong file. */
async function readReportFile(file: File): Promise<string> {
  const head =
    file.size > 4 * MAX_MACHINE_REPORT_CHARS
      ? file.slice(0, 4 * MAX_MACHINE_REPORT_CHARS + 4)
      : file;
  return head.text();
}

/**
 * "My machine": the learner pastes (or opens) the JSON lesson 8's calibration snippet printed,
 * every field is checked, and the machine becomes a catalog entry that every GPU list offers,
 * kept in this browser with the learner's progress until they remove it. Shows the entry's
 * figures, which were measured and which estimated, and one prediction made with them.
 */
export default function MyMachine() {
  const settings = useWidgetState(myMachineSchema);
  const report = useMyMachine((s) => s.report);
  const enteredAt = useMyMachine((s) => s.enteredAt);
  const notice = useMyMachine((s) => s.notice);
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [notes, setNotes] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();

  const enter = (source: string, label: string) => {
    const read = parseMachineReport(source);
    if (!read.ok) {
      setProblems(read.problems);
      setNotes([]);
      setMessage(
        `${label} could not be used: ${read.problems.length} problem${read.problems.length === 1 ? '' : 's'} below.`,
      );
      return;
    }
    setProblems([]);
    setNotes(read.notes);
    myMachineStore.getState().enter(read.report);
    setMessage(
      `Added ${read.report.gpu} as “My machine”: it is now in every GPU list of the course.`,
    );
  };

  const onFile = async (file: File) => {
    let content: string;
    try {
      content = await readReportFile(file);
    } catch {
      setProblems([`The file ${file.name} could not be read.`]);
      return;
    }
    setText(content.slice(0, MAX_MACHINE_REPORT_CHARS));
    enter(content, `The file ${file.name}`);
  };

  const remove = () => {
    myMachineStore.getState().remove();
    setNotes([]);
    setMessage(
      'Removed “My machine”: the GPU lists show the catalog only, and widgets that used it went back to their usual GPU.',
    );
  };

  const status: WidgetStatus = problems.length > 0 ? 'error' : report ? 'done' : 'idle';
  return (
    <WidgetRoot widget={myMachineFace} status={status} settings={settings}>
      {notice ? (
        <p className="ui-warn-note" role="alert">
          {notice}{' '}
          <button type="button" onClick={() => myMachineStore.getState().dismissNotice()}>
            Dismiss
          </button>
        </p>
      ) : null}
      <p className="mm-lead">
        Paste the JSON the calibration snippet printed, or open the file you saved it in. It stays
        in this browser (and in your progress file); nothing is uploaded.
      </p>
      <label htmlFor={textId}>Calibration report (JSON)</label>
      <textarea
        id={textId}
        className="mm-text"
        rows={8}
        spellCheck={false}
        value={text}
        maxLength={MAX_MACHINE_REPORT_CHARS}
        onChange={(e) => setText(e.target.value)}
        placeholder={'{\n  "gpu": "NVIDIA GeForce RTX 4070",\n  "sms": 46,\n  …\n}'}
        data-testid="mm-text"
      />
      <div className="mm-actions">
        <button type="button" className="primary" onClick={() => enter(text, 'This report')}>
          {report ? 'Replace my machine' : 'Add my machine'}
        </button>
        <button type="button" onClick={() => fileInput.current?.click()}>
          Open a report file…
        </button>
        <button
          type="button"
          onClick={() => {
            setText(EXAMPLE_REPORT_TEXT);
            enter(EXAMPLE_REPORT_TEXT, 'The example');
          }}
        >
          Use the H200 example
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json,.txt"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Calibration report file"
          data-testid="mm-file-input"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void onFile(file);
          }}
        />
      </div>
      <div role="status" aria-live="polite" className="mm-status" data-testid="mm-status">
        {message}
      </div>
      {problems.length > 0 ? (
        <ul className="mm-problems" data-testid="mm-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      {notes.map((n) => (
        <p key={n} className="ui-warn-note">
          {n}
        </p>
      ))}
      {report ? <EnteredMachine report={report} enteredAt={enteredAt} onRemove={remove} /> : null}
    </WidgetRoot>
  );
}

/** The entered machine: its figures, one prediction with them, and the remove button. */
function EnteredMachine(props: {
  report: MachineReport;
  enteredAt: string | null;
  onRemove(): void;
}) {
  const { report, enteredAt, onRemove } = props;
  const entry = useMemo(() => myMachineEntry(report), [report]);
  const rows = useMemo(() => figureRows(entry), [entry]);
  // The catalog already holds this report (the store put it there before this render).
  const sample = useMemo(() => samplePrediction(), [report]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <section className="mm-entry" aria-label="My machine" data-testid="mm-entry">
      <h3>{entry.gpu.name}</h3>
      <p>
        {entry.gpu.architecture}; PyTorch {report.torch}
        {report.cuda ? `, CUDA ${report.cuda}` : ''}
        {enteredAt ? `; entered ${enteredAt.slice(0, 10)}` : ''}.
      </p>
      <table className="ui-readout mm-figures">
        <caption>
          The figures predictions use: measured ones from your report, the rest estimated
        </caption>
        <ColumnHeads names={['Figure', 'Value', 'Measured or estimated']} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} data-kind={r.kind}>
              <th scope="row">{r.label}</th>
              <td className="num">{r.value}</td>
              <td>
                <span className={`mm-kind mm-kind--${r.kind}`}>{r.kind}</span>{' '}
                <span className="mm-why">{r.note}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {sample ? (
        <p className="mm-sample" data-testid="mm-sample">
          With these figures the engine predicts a BERT-base training step (batch 32, sequence 128,
          bf16 autocast, AdamW, eager) at <strong>{formatSeconds(sample.stepSeconds)}</strong>:{' '}
          {formatSeconds(sample.hostSeconds)} of host work against{' '}
          {formatSeconds(sample.gpuSeconds)} of GPU work, so the{' '}
          {sample.bound === 'host' ? 'host' : 'GPU'} sets the pace.
        </p>
      ) : (
        <p className="mm-sample" data-testid="mm-sample">
          This machine cannot run the BERT-base example step in bf16 (no bf16 tensor cores, or too
          little memory); the widgets still predict what it can run.
        </p>
      )}
      <p>
        Pick <strong>{entry.gpu.name}</strong> in the GPU list of the memory simulator, the network
        profile or the transfer simulator to see your machine&rsquo;s predictions.
      </p>
      <button type="button" onClick={onRemove} data-testid="mm-remove">
        Remove my machine
      </button>
    </section>
  );
}
