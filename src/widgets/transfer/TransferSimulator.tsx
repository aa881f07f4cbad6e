import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { getGpu, getLink } from '../../engine/catalog';
import { formatBytesDecimal, formatSeconds } from '../../format/units';
import { presetLines, type SessionItem } from '../../torch';
import { ConsolePanel } from '../../ui/console/ConsolePanel';
import type { SessionStoreState } from '../../store/session';
import { linkNames, usePageSession, useSession, useSessionSync } from '../../store/usePageSession';
import { useWidgetState } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import type { BenchDeps } from './bench-controller';
import { createBrowserBenchDeps } from './browser-bench';
import { CreateTensorForm } from './CreateTensorForm';
import { LinkLane } from './LinkLane';
import { MeasurePanel } from './MeasurePanel';
import { gpuGauge, hostGauge } from './memory-gauges';
import { MemorySide } from './MemorySide';
import { moveLines, type MoveTarget } from './moves';
import { OverlapTimelineView } from './OverlapTimelineView';
import { maxBytesOf, maxChoiceOf, transferSchema } from './settings';
import { TransferSwitches } from './TransferSwitches';
import { useFlights } from './useFlights';
import './transfer.css';
import { transferFace } from './face';

/** Props a lesson may pass to `<TransferSimulator />`. */
export interface TransferSimulatorProps {
  /** Catalog GPU to simulate (default a100-sxm-80gb); a link's `transfer.gpu` wins. */
  gpu?: unknown;
  /** Starting tensors: a console preset name (default "tensors": batch, weight and bias on the host). */
  preset?: unknown;
  /** Tests: their own store, no WebGPU, fake measurement. */
  store?: StoreApi<SessionStoreState>;
  webgpu?: boolean;
  benchDeps?: BenchDeps;
}

interface Status {
  kind: 'info' | 'error';
  text: string;
}

/**
 * The transfer simulator: host and GPU memory side by side with the link between them; tensors
 * move either way at a pace that reflects their modeled copy time, and each move runs (and
 * prints) the PyTorch line that does it in the shared console session.
 */
export default function TransferSimulator({
  gpu,
  preset,
  store: given,
  webgpu,
  benchDeps,
}: TransferSimulatorProps) {
  const start = useMemo(() => {
    const lines =
      presetLines(typeof preset === 'string' ? preset : 'tensors') ?? presetLines('tensors') ?? [];
    return { key: lines.join('\n'), lines };
  }, [preset]);
  const settings = useWidgetState(transferSchema, { gpu });
  const { link, pinned, nonBlocking } = settings.state;
  const store = usePageSession({ gpu: settings.state.gpu, preset: start, store: given, webgpu });
  const [fromLink] = useState(() =>
    linkNames(settings.prefix, [transferSchema.fields.gpu.key, transferSchema.fields.link.key]),
  );
  useSessionSync(store, {
    wanted: { gpu: settings.state.gpu, link },
    read: (s) => s.target,
    fromLink,
    apply: (wanted, s) =>
      wanted.gpu !== s.target.gpu ? void s.setGpu(wanted.gpu, wanted.link) : s.setLink(wanted.link),
    follow: (current) => settings.set({ gpu: current.gpu, link: current.link }),
  });
  const snapshot = useSession(store, (s) => s.snapshot);
  const gpuSpec = useSession(store, (s) => s.session.gpu);
  const pending = useSession(store, (s) => s.pending);
  const moved = useSession(store, (s) => s.transcript.some((e) => e.origin === 'transfer'));
  const [status, setStatus] = useState<Status | null>(null);
  const flights = useFlights(store);
  const [bench] = useState(() => benchDeps ?? createBrowserBenchDeps());
  const stageRef = useRef<HTMLDivElement>(null);
  const busy = pending > 0;
  const arriving = new Set(flights.map((f) => f.name));
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);

  // Keyboard users keep their place: once the buttons are enabled again, focus follows the
  // moved tensor to its new side.
  useEffect(() => {
    if (busy || focusAfterMove === null) return;
    stageRef.current?.querySelector<HTMLElement>(`[data-action="move-${focusAfterMove}"]`)?.focus();
    setFocusAfterMove(null);
  }, [busy, focusAfterMove, snapshot]);

  // Stable across renders (with the callbacks below), so the panels that do not depend on a
  // move (the form, the console, the timeline, the measurement) skip the re-renders a move makes.
  const runLines = useCallback(
    async (lines: readonly string[]) => {
      const entries = [];
      for (const line of lines) {
        const entry = await store.getState().run(line, 'transfer');
        entries.push(entry);
        if (entry.error) {
          setStatus({
            kind: 'error',
            text: `${entry.error.display}${entry.error.hint ? ` Hint: ${entry.error.hint}` : ''}`,
          });
          return null;
        }
      }
      return entries;
    },
    [store],
  );
  const onCreate = useCallback(
    (line: string) =>
      void runLines([line]).then((ok) => ok && setStatus({ kind: 'info', text: `Ran: ${line}` })),
    [runLines],
  );
  const setSettings = settings.set;
  const onMaxBytes = useCallback(
    (bytes: number) => setSettings({ maxMiB: maxChoiceOf(bytes) }),
    [setSettings],
  );

  const move = async (item: SessionItem, target: MoveTarget) => {
    const entries = await runLines(moveLines(item, target, { pinned, nonBlocking }));
    if (!entries) return;
    const copies = entries.flatMap((e) => e.transfers);
    if (copies.length === 0) {
      setStatus({ kind: 'info', text: `${item.name} was already there: nothing was copied.` });
      return;
    }
    const bytes = copies.reduce((sum, c) => sum + c.bytes, 0);
    const seconds = copies.reduce((sum, c) => sum + c.seconds, 0);
    const last = copies[copies.length - 1]!;
    setFocusAfterMove(item.name);
    const how = `${last.pinned ? 'pinned' : 'pageable'}, ${last.asynchronous ? 'asynchronous' : last.nonBlocking ? 'synchronous: non_blocking has no effect on pageable memory' : 'synchronous'}`;
    setStatus({
      kind: 'info',
      text: `Moved ${item.name} to the ${target === 'cuda' ? 'GPU' : 'host'}: ${formatBytesDecimal(bytes)} in ${formatSeconds(seconds)} over ${getLink(last.link).name} (${how}).`,
    });
  };

  const remove = async (item: SessionItem) => {
    if (await runLines([`del ${item.name}`]))
      setStatus({ kind: 'info', text: `Deleted ${item.name}; its memory is free again.` });
  };

  const items = (place: MoveTarget) => snapshot.items.filter((i) => i.place === place);
  const host = hostGauge(snapshot);
  const device = gpuGauge(snapshot);

  return (
    <WidgetRoot
      widget={transferFace}
      status={busy || flights.length > 0 ? 'running' : moved ? 'done' : 'idle'}
      settings={settings}
    >
      <p className="widget-intro">
        Host memory and GPU memory with the link between them. Move a tensor either way and watch
        the copy cross at a pace that reflects its <span className="tag-modeled">modeled</span>{' '}
        time; each move runs the PyTorch line printed in the console below. The GPU is simulated,
        from the course catalog.
      </p>
      <TransferSwitches
        gpu={settings.state.gpu}
        link={link}
        gpuLink={getGpu(settings.state.gpu).hostLink}
        pinned={pinned}
        nonBlocking={nonBlocking}
        busy={busy}
        onGpu={(id) => settings.set({ gpu: id, link: getGpu(id).hostLink })}
        onLink={(l) => settings.set({ link: l })}
        onPinned={(p) => settings.set({ pinned: p })}
        onNonBlocking={(nb) => settings.set({ nonBlocking: nb })}
      />
      <div className="transfer-stage" ref={stageRef}>
        <MemorySide
          side="cpu"
          title="Host memory (CPU RAM)"
          capacityBytes={snapshot.host.capacityBytes}
          {...host}
          items={items('cpu')}
          arriving={arriving}
          busy={busy}
          onMove={(i) => void move(i, 'cuda')}
          onDelete={(i) => void remove(i)}
        />
        <LinkLane link={link} pinned={pinned} flights={flights} />
        <MemorySide
          side="cuda"
          title={`GPU memory (${gpuSpec.name})`}
          capacityBytes={snapshot.gpuMemoryBytes}
          {...device}
          items={items('cuda')}
          arriving={arriving}
          busy={busy}
          onMove={(i) => void move(i, 'cpu')}
          onDelete={(i) => void remove(i)}
          footer={
            <button
              type="button"
              className="empty-cache"
              disabled={busy}
              onClick={() => void runLines(['torch.cuda.empty_cache()'])}
            >
              torch.cuda.empty_cache()
            </button>
          }
        />
      </div>
      <p
        className={`transfer-status${status?.kind === 'error' ? ' transfer-status-error' : ''}`}
        role="status"
        data-transfer-status={status?.kind ?? 'none'}
      >
        {status?.text ??
          'Move a tensor with its button (or focus the button and press → or ←). Try pinned memory with non_blocking=True, then pageable, and compare the times.'}
      </p>
      <CreateTensorForm busy={busy} onCreate={onCreate} />
      <h4 className="console-heading">Console (shared with the PyTorch console on this page)</h4>
      <ConsolePanel
        store={store}
        inputLabel="Python statement for the transfer simulator"
        maxEntries={12}
        placeholder='batch = batch.to("cuda")'
      />
      <OverlapTimelineView gpu={gpuSpec.id} link={link} pinned={pinned} nonBlocking={nonBlocking} />
      <MeasurePanel
        deps={bench}
        maxBytes={maxBytesOf(settings.state.maxMiB)}
        onMaxBytes={onMaxBytes}
      />
    </WidgetRoot>
  );
}
