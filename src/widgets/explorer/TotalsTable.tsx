import { useRef } from 'react';
import type { Figure } from '../../engine/catalog';
import type { ExplorerHardware } from './hardware';
import { smWord } from './hardware';
import { figureTitle } from '../../format/figure';
import {
  formatBytesBinary,
  formatCount,
  formatGigabytesPerSecond,
  formatGigahertz,
  formatTeraflopsPerSecond,
} from '../../format/units';
import { TapNoteLine } from '../../ui/TapNoteLine';
import { useTapNote } from '../../ui/useTapNote';
import '../../ui/figure-tiles.css';

/** The totals the chosen hardware adds up to: cores, tensor cores, peaks, memory. */
export function TotalsTable({ hardware, idBase }: { hardware: ExplorerHardware; idBase: string }) {
  const { gpu } = hardware;
  const word = smWord(hardware.base);
  const tiles = useRef<HTMLDListElement>(null);
  const tapped = useTapNote(tiles);
  const rows: Array<{ label: string; value: string; figure?: Figure; key: string }> = [
    {
      key: 'cuda-cores',
      label: 'CUDA cores (FP32)',
      value: `${formatCount(hardware.sms)} × ${formatCount(hardware.coresPerSm)} = ${formatCount(hardware.cudaCores)}`,
      figure: gpu.fp32Cores,
    },
    {
      key: 'tensor-cores',
      label: 'Tensor cores',
      value:
        hardware.tensorCores > 0
          ? `${formatCount(hardware.sms)} × ${formatCount(hardware.tensorCoresPerSm)} = ${formatCount(hardware.tensorCores)}`
          : 'none',
      figure: gpu.tensorCores,
    },
    ...hardware.peaks.map((p) => ({
      key: `peak-${p.label}`,
      label: `Peak ${p.label.replace(' (tensor cores)', ', tensor').replace(' (CUDA cores)', ', CUDA cores')}`,
      value: formatTeraflopsPerSecond(p.flopsPerSecond.value),
      figure: p.flopsPerSecond,
    })),
    {
      key: 'clock',
      label: 'Boost clock',
      value: formatGigahertz(gpu.boostClockHz.value),
      figure: gpu.boostClockHz,
    },
    {
      key: 'memory',
      label: 'Memory',
      value: `${formatBytesBinary(gpu.memoryBytes.value)}${gpu.memoryBytes.note ? ` ${gpu.memoryBytes.note.split(';')[0]}` : ''}`,
      figure: gpu.memoryBytes,
    },
    {
      key: 'bandwidth',
      label: 'Memory bandwidth',
      value: formatGigabytesPerSecond(gpu.memoryBytesPerSecond.value),
      figure: gpu.memoryBytesPerSecond,
    },
    {
      key: 'l2',
      label: 'L2 cache',
      value: gpu.l2Bytes ? formatBytesBinary(gpu.l2Bytes.value) : 'not published',
      ...(gpu.l2Bytes ? { figure: gpu.l2Bytes } : {}),
    },
  ];
  return (
    <section className="explorer-totals" aria-labelledby={`${idBase}-totals`}>
      <h4 id={`${idBase}-totals`}>
        {hardware.name}: {formatCount(hardware.sms)} {word}
        {hardware.sms === 1 ? '' : 's'}
      </h4>
      <dl className="ui-figure-tiles" ref={tiles}>
        {rows.map((row) => (
          <div
            key={row.key}
            data-total={row.key}
            title={row.figure ? figureTitle(row.figure) : undefined}
          >
            <dt>{row.label}</dt>
            <dd>
              {row.value}
              {row.figure && row.figure.kind !== 'vendor-peak' && (
                <span className="explorer-kind">
                  {' '}
                  ({row.figure.kind === 'estimate' ? 'estimate' : 'measured'})
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <TapNoteLine
        tapped={tapped}
        prompt="Vendor peaks unless marked. Hover over or tap a value for its source; the spec table in this lesson lists every source."
      />
    </section>
  );
}
