import { memo } from 'react';
import type { ParallelMemory, ParallelStepPrediction } from '../../engine/models';
import { formatBytesBinary, formatCount, formatPercent } from '../../format/units';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { CapacityBar, stackParts } from '../../ui/plot/CapacityBar';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { SHARDING_NAMES } from './settings';
import '../../ui/panel.css';
import '../../ui/data-table.css';

/** The parts of one GPU's memory, in the bar's order. */
export const MEMORY_PARTS = [
  'state',
  'gathered',
  'activations',
  'logits',
  'reserve',
  'free',
] as const;
/** One part. */
export type MemoryPart = (typeof MEMORY_PARTS)[number];

/** Each part's name. */
export const MEMORY_PART_NAMES: Readonly<Record<MemoryPart, string>> = {
  state: 'Model state',
  gathered: 'Gathered weights',
  activations: 'Activations',
  logits: 'Logits',
  reserve: 'Runtime reserve',
  free: 'Free',
};

/** The parts' bytes, with where each starts on the bar. */
export function memoryParts(memory: ParallelMemory) {
  const bytes: Record<MemoryPart, number> = {
    state: memory.stateBytes,
    gathered: memory.gatheredWeightBytes,
    activations: memory.activationBytes,
    logits: memory.logitBytes,
    reserve: memory.reserveBytes,
    free: Math.max(0, memory.capacityBytes - memory.totalBytes),
  };
  return stackParts(MEMORY_PARTS, bytes);
}

/** What each part holds for this layout, in a sentence. */
function partText(part: MemoryPart, p: ParallelStepPrediction): string {
  const l = p.layout;
  const shardGroup = l.dp * l.cp;
  const sliced = [l.tp > 1 ? `TP ${l.tp}` : '', l.pp > 1 ? `PP ${l.pp}` : '']
    .filter(Boolean)
    .join(' and ');
  const slice = sliced ? `this GPU’s slice of the layers (split by ${sliced})` : 'the whole model';
  switch (part) {
    case 'state':
      return l.sharding === 'replicate'
        ? `fp32 weights, gradients and ${l.optimizer} moments of ${slice}, whole on every data-parallel rank`
        : `fp32 weights, gradients and ${l.optimizer} moments of ${slice}, ${SHARDING_NAMES[l.sharding]} over ${formatCount(shardGroup)} ranks`;
    case 'gathered':
      return l.sharding === 'zero3'
        ? 'two layers’ 16-bit weights gathered at a time: the one computing and the next, prefetched'
        : `a 16-bit copy of ${slice} for the products`;
    case 'activations':
      return `what backward needs, kept for ${l.pp > 1 ? 'the micro-batches in flight on the first stage' : 'one micro-batch'} (${l.checkpointing === 'none' ? 'every activation' : `${l.checkpointing} checkpointing`}), and the recomputed layer`;
    case 'logits':
      return 'the output layer’s logits, the loss’s fp32 soft-max and their gradient';
    case 'reserve':
      return 'CUDA context, library and NCCL workspaces, the allocator’s fragmentation';
    case 'free':
      return 'left over';
  }
}

/** Props of the memory panel. */
export interface MemoryPanelProps {
  prediction: ParallelStepPrediction;
  gpuName: string;
  widthPx: number;
  idBase: string;
}

/**
 * One GPU's memory for the chosen layout as a stacked bar against its capacity: model state,
 * gathered weights, activations, logits, the runtime's reserve and what is free; whether it fits;
 * and the same as a table.
 */
export const MemoryPanel = memo(function MemoryPanel({
  prediction,
  gpuName,
  widthPx,
  idBase,
}: MemoryPanelProps) {
  const memory = prediction.memory;
  const parts = memoryParts(memory);
  const used = parts.filter((p) => p.part !== 'free' && p.bytes > 0);
  const description = `${used
    .map((p) => `${MEMORY_PART_NAMES[p.part]} ${formatBytesBinary(p.bytes)}`)
    .join(
      ', ',
    )}: ${formatBytesBinary(memory.totalBytes)} of ${formatBytesBinary(memory.capacityBytes)}${memory.fits ? '' : ', more than the GPU holds'}. The table below lists each part.`;
  return (
    <section className="ui-panel pp-panel" aria-labelledby={`${idBase}-mem-h`} data-memory-panel>
      <h4 id={`${idBase}-mem-h`}>
        Memory on each GPU <span className="tag-modeled">modeled</span>
      </h4>
      <CapacityBar
        parts={parts}
        capacityBytes={memory.capacityBytes}
        widthPx={widthPx}
        name={{ idPrefix: `${idBase}-membar`, title: `Memory of one ${gpuName}`, description }}
        classPrefix="pp"
      />
      <p className="pp-legend-row" aria-hidden="true">
        {parts.map((p) => (
          <span key={p.part} className="pp-legend-item">
            <span className={`pp-key pp-mem--${p.part}`} /> {MEMORY_PART_NAMES[p.part]}
          </span>
        ))}
      </p>
      <p data-fit-summary className={memory.fits ? undefined : 'pp-warn'}>
        {memory.fits
          ? `It fits: ${formatBytesBinary(memory.totalBytes)} of the ${formatBytesBinary(memory.capacityBytes)} on each ${gpuName} (${formatPercent(memory.totalBytes / memory.capacityBytes)}).`
          : `It does not fit: ${formatBytesBinary(memory.totalBytes)} on each GPU, more than the ${formatBytesBinary(memory.capacityBytes)} of a ${gpuName}. The times are what it would take if it fit; the ranking lists it after every layout that fits.`}
      </p>
      <details className="pp-details">
        <summary>The memory as a table</summary>
        <ScrollRegion className="table-scroll" label="Memory per GPU as a table">
          <table className="ui-data-table pp-table" data-memory-table>
            <ColumnHeads names={['Part', 'Bytes', 'Share of the GPU', 'What it holds']} />
            <tbody>
              {parts.map((p) => (
                <tr key={p.part} data-part={p.part}>
                  <th scope="row">{MEMORY_PART_NAMES[p.part]}</th>
                  <td>{formatBytesBinary(p.bytes)}</td>
                  <td>{formatPercent(p.bytes / memory.capacityBytes)}</td>
                  <td className="pp-wrap">{partText(p.part, prediction)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </section>
  );
});
