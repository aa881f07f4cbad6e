import { useMemo, useState } from 'react';
import { useWidgetState } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import { MAX_VALUE_ELEMENTS, presetLines } from '../../torch';
import { ConsolePanel } from '../../ui/console/ConsolePanel';
import { GpuPicker } from '../../ui/GpuPicker';
import type { SessionStoreState } from '../../store/session';
import { linkNames, usePageSession, useSession, useSessionSync } from '../../store/usePageSession';
import type { StoreApi } from 'zustand/vanilla';
import { consoleSchema } from './settings';
import './console.css';
import { consoleFace } from './face';

/** Props a lesson may pass to `<TorchConsole />`. */
export interface TorchConsoleProps {
  /** A named set of starting lines: "devices", "tensors", "memory" or "import". */
  preset?: unknown;
  /** Starting lines of the lesson's own (run after the preset). */
  lines?: unknown;
  /** The catalog GPU to simulate (default a100-sxm-80gb); a link's `console.gpu` wins. */
  gpu?: unknown;
  /** Tests: a store of their own and no WebGPU. */
  store?: StoreApi<SessionStoreState>;
  webgpu?: boolean;
}

function startingLines(preset: unknown, lines: unknown): { key: string; lines: string[] } | null {
  const fromPreset = typeof preset === 'string' ? (presetLines(preset) ?? []) : [];
  const own = Array.isArray(lines) ? lines.filter((l): l is string => typeof l === 'string') : [];
  const all = [...fromPreset, ...own];
  return all.length > 0 ? { key: all.join('\n'), lines: all } : null;
}

/**
 * The PyTorch console: a small interpreter for the device subset of PyTorch the lessons teach,
 * on a simulated CUDA GPU from the catalog, with real values for small tensors.
 */
export default function TorchConsole({
  preset,
  lines,
  gpu,
  store: given,
  webgpu,
}: TorchConsoleProps) {
  const start = useMemo(() => startingLines(preset, lines), [preset, lines]);
  const settings = useWidgetState(consoleSchema, { gpu });
  const store = usePageSession({ gpu: settings.state.gpu, preset: start, store: given, webgpu });
  const [fromLink] = useState(() => linkNames(settings.prefix, [consoleSchema.fields.gpu.key]));
  useSessionSync(store, {
    wanted: { gpu: settings.state.gpu },
    read: (s) => ({ gpu: s.target.gpu }),
    fromLink,
    apply: (wanted, s) => void s.setGpu(wanted.gpu),
    follow: (current) => settings.set({ gpu: current.gpu }),
  });
  const gpuName = useSession(store, (s) => s.session.gpu.name);
  const compute = useSession(store, (s) => s.compute);
  const pending = useSession(store, (s) => s.pending);
  const hasEntries = useSession(store, (s) => s.transcript.length > 0);
  const unknownPreset = typeof preset === 'string' && presetLines(preset) === null;

  return (
    <WidgetRoot
      widget={consoleFace}
      status={pending > 0 ? 'running' : hasEntries ? 'done' : 'idle'}
      settings={settings}
    >
      <p className="console-about">
        The CUDA device here is <strong>simulated</strong> ({gpuName}, from the course&apos;s
        hardware catalog), so names, sizes and memory are that GPU&apos;s. Tensors of up to{' '}
        {MAX_VALUE_ELEMENTS.toLocaleString('en-US')} elements hold <strong>real values</strong>,
        computed {compute.description}; bigger ones keep their shape, dtype and memory but no
        numbers. Type <code>help()</code> for what it understands.
      </p>
      {unknownPreset ? (
        <p className="console-warning">
          Unknown preset &quot;{String(preset)}&quot;: starting empty.
        </p>
      ) : null}
      <div className="console-toolbar">
        <GpuPicker
          field={consoleSchema.fields.gpu}
          value={settings.state.gpu}
          onChange={(id) => settings.set({ gpu: id })}
          labelSuffix="(console)"
        />
      </div>
      <ConsolePanel
        store={store}
        inputLabel="Python statement for the PyTorch console"
        placeholder='x = torch.randn(2, 3, device="cuda")'
      />
    </WidgetRoot>
  );
}
