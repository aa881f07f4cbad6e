import { useWidgetState } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import { useController } from '../../ui/useController';
import { createBrowserSnapshotDeps } from './browser-deps';
import { SnapshotController, statusOf, type SnapshotDeps } from './controller';
import { DropZone } from './DropZone';
import { HowToRecord } from './HowToRecord';
import { LoadStatus } from '../../ui/file-drop/LoadStatus';
import { useFileOrExample } from '../../ui/file-drop/useFileOrExample';
import { PROBLEM_TITLES } from './view-text';
import { ReportView } from './ReportView';
import { memorySnapshotSchema } from './settings';
import './memory-snapshot.css';
import { memorySnapshotFace } from './face';

/** Props a lesson may pass. */
export interface MemorySnapshotProps {
  /** Open the bundled example at first (the link's `example` wins). */
  example?: unknown;
  /** The view shown at first: "timeline" or "segments". */
  view?: unknown;
  /** Replaces the browser's worker and fetch (tests). */
  deps?: SnapshotDeps;
}

/**
 * Opens a real PyTorch memory snapshot (`torch.cuda.memory._dump_snapshot()`) in the browser:
 * the file is read by a small pickle reader that never runs code, analysed in a worker, and
 * shown as allocated memory over time with its peak, the allocations alive at the peak, and the
 * allocator's segments and blocks. A generated example is one click away.
 */
export default function MemorySnapshot({ example, view, deps }: MemorySnapshotProps) {
  const settings = useWidgetState(memorySnapshotSchema, { example, view });
  const [controller, state] = useController(
    () => new SnapshotController(deps ?? createBrowserSnapshotDeps()),
  );
  const { onFile, onExample } = useFileOrExample(controller, settings.state.example, (example) =>
    settings.set({ example }),
  );

  const report = state.report;
  const device = report?.devices.find((d) => d.device === state.device) ?? report?.devices[0];
  return (
    <WidgetRoot widget={memorySnapshotFace} status={statusOf(state)} settings={settings}>
      <DropZone onFile={onFile} onExample={onExample} />
      <HowToRecord />
      <LoadStatus
        state={state}
        titles={PROBLEM_TITLES}
        classPrefix="snap"
        onCancel={() => controller.cancel()}
      />
      {report && device && state.source && state.phase === 'done' && (
        <ReportView
          report={report}
          source={state.source}
          device={device}
          view={settings.state.view}
          onView={(v) => settings.set({ view: v })}
          onDevice={(d) => controller.selectDevice(d)}
        />
      )}
      {report && !device && (
        <p className="snap-note">The snapshot is empty: no segments and no recorded events.</p>
      )}
    </WidgetRoot>
  );
}
