import { useId } from 'react';
import { useWidgetState } from '../../state/useWidgetState';
import { FileDropZone } from '../../ui/file-drop/FileDropZone';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import { useController } from '../../ui/useController';
import { formatBytesBinary, formatCount } from '../../format/units';
import { createBrowserTraceDeps } from './browser-deps';
import { TraceController, traceStatusOf, type TraceDeps, type TraceSource } from './controller';
import { traceSchema } from './settings';
import { HowToRecord } from './view/HowToRecord';
import { LoadStatus } from '../../ui/file-drop/LoadStatus';
import { useFileOrExample } from '../../ui/file-drop/useFileOrExample';
import { TRACE_PROBLEM_TITLES } from './problem';
import { PredictionPanel } from './view/PredictionPanel';
import { TimelineCanvas } from './view/TimelineCanvas';
import { TraceTables } from './view/TraceTables';
import { VerdictPanel } from './view/VerdictPanel';
import { EXAMPLE_NOTE } from './view/view-text';
import './trace.css';
import { traceFace } from './face';

/** Props a lesson may pass. */
export interface TraceReaderProps {
  /** Open the bundled example at first (the link's `example` wins). */
  example?: unknown;
  /** The table shown at first: "kernels", "cpu-ops" or "copies". */
  table?: unknown;
  /** Replaces the browser's worker, fetch and engine (tests). */
  deps?: TraceDeps;
}

/** Where the trace came from, in one line. */
function SourceLine({ source, events }: { source: TraceSource; events: number }) {
  const size = formatBytesBinary(source.sizeBytes);
  return source.kind === 'example' ? (
    <p className="trace-source" data-source="example">
      <strong>Example trace</strong> ({size}, {formatCount(events)} events), {EXAMPLE_NOTE}
    </p>
  ) : (
    <p className="trace-source" data-source="file">
      <strong>{source.name}</strong> ({size}, {formatCount(events)} events), read in this browser.
    </p>
  );
}

/**
 * Opens a real torch.profiler trace (export_chrome_trace or tensorboard_trace_handler, plain or
 * gzipped) in the browser: streamed and analysed in a worker, shown as a zoomable timeline with
 * a summary, the verdict on what bounds the step, tables of kernels, CPU ops and copies, and the
 * cost engine's prediction of the same step beside it.
 */
export default function TraceReader({ example, table, deps }: TraceReaderProps) {
  const settings = useWidgetState(traceSchema, { example, table });
  const [controller, state] = useController(
    () => new TraceController(deps ?? createBrowserTraceDeps()),
  );
  const summaryId = useId();
  const { onFile, onExample } = useFileOrExample(controller, settings.state.example, (example) =>
    settings.set({ example }),
  );
  const report = state.phase === 'done' ? state.report : null;
  return (
    <WidgetRoot widget={traceFace} status={traceStatusOf(state)} settings={settings}>
      <FileDropZone
        title={
          <>
            Drop a <code>trace.json</code> or <code>*.pt.trace.json(.gz)</code> here, or
          </>
        }
        chooseLabel="Choose a trace file…"
        inputLabel="Trace file"
        accept=".json,.gz,application/json,application/gzip"
        testIdPrefix="trace"
        onFile={onFile}
        onExample={onExample}
      />
      <HowToRecord />
      <LoadStatus
        state={state}
        titles={TRACE_PROBLEM_TITLES}
        classPrefix="trace"
        onCancel={() => controller.cancel()}
      />
      {report && state.source && (
        <div className="trace-report">
          <SourceLine source={state.source} events={report.eventsSeen} />
          <div className="trace-layout">
            <div id={summaryId}>
              <VerdictPanel report={report} />
            </div>
            <TimelineCanvas report={report} describedBy={summaryId} />
          </div>
          <TraceTables
            report={report}
            table={settings.state.table}
            onTable={(t) => settings.set({ table: t })}
          />
          <PredictionPanel
            report={report}
            prediction={state.prediction}
            onOpen={() => void controller.openPrediction()}
          />
        </div>
      )}
    </WidgetRoot>
  );
}
