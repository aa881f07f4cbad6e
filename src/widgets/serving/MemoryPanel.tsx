import { memo } from 'react';
import type { MemoryPlan } from '../../engine/models';
import { formatBytesBinary, formatCount, formatPercent } from '../../format/units';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { CapacityBar, stackParts } from '../../ui/plot/CapacityBar';
import { ScrollRegion } from '../../ui/ScrollRegion';
import '../../ui/panel.css';
import '../../ui/data-table.css';

/** The parts of one GPU's memory, in the bar's order. */
export const MEMORY_PARTS = ['weights', 'kv', 'activations', 'reserve', 'free'] as const;
/** One part. */
export type MemoryPart = (typeof MEMORY_PARTS)[number];

/** Each part's name. */
export const MEMORY_PART_NAMES: Readonly<Record<MemoryPart, string>> = {
  weights: 'Weights',
  kv: 'KV cache',
  activations: 'Activations',
  reserve: 'Runtime reserve',
  free: 'Left free',
};

/** What each part holds. */
const MEMORY_PART_TEXT: Readonly<Record<MemoryPart, string>> = {
  weights: 'this GPU’s share of the weights (tensor parallel splits the matrices)',
  kv: 'the paged KV cache: keys and values of every token in flight',
  activations: 'working memory of the largest step (a full token budget, logits)',
  reserve: 'CUDA context, library workspaces, communication buffers, captured graphs',
  free: 'what the server leaves unallocated (the cache takes 90 % of what is left)',
};

/** The parts' bytes, with where each starts on the bar. */
export function memoryParts(memory: MemoryPlan) {
  const used =
    memory.weightBytes + memory.kvCacheBytes + memory.activationBytes + memory.reserveBytes;
  const bytes: Record<MemoryPart, number> = {
    weights: memory.weightBytes,
    kv: memory.kvCacheBytes,
    activations: memory.activationBytes,
    reserve: memory.reserveBytes,
    free: Math.max(0, memory.totalBytes - used),
  };
  return stackParts(MEMORY_PARTS, bytes);
}

/** Props of the memory panel. */
export interface MemoryPanelProps {
  memory: MemoryPlan;
  gpuName: string;
  /** Tensor-parallel GPUs: the plan is per GPU. */
  gpus: number;
  requestTokens: number;
  widthPx: number;
  idBase: string;
}

/**
 * One GPU's memory as a stacked bar against its capacity: weights, KV cache, activations and the
 * runtime's reserve, and what is left free; then how many requests fit and the cache's tokens,
 * and the same as a table.
 */
export const MemoryPanel = memo(function MemoryPanel({
  memory,
  gpuName,
  gpus,
  requestTokens,
  widthPx,
  idBase,
}: MemoryPanelProps) {
  const parts = memoryParts(memory);
  const total = parts.reduce((sum, p) => sum + p.bytes, 0);
  const over = total > memory.totalBytes;
  const description = `${parts
    .filter((p) => p.bytes > 0)
    .map((p) => `${MEMORY_PART_NAMES[p.part]} ${formatBytesBinary(p.bytes)}`)
    .join(
      ', ',
    )} of ${formatBytesBinary(memory.totalBytes)}${over ? ': more than the GPU holds' : ''}. The table below lists each part.`;
  const perGpu = gpus > 1 ? ` (each of ${gpus} GPUs)` : '';
  return (
    <section className="ui-panel sv-panel" aria-labelledby={`${idBase}-mem-h`} data-memory-panel>
      <h4 id={`${idBase}-mem-h`}>
        Memory on one {gpuName}
        {perGpu} <span className="tag-modeled">modeled</span>
      </h4>
      <CapacityBar
        parts={parts}
        capacityBytes={memory.totalBytes}
        widthPx={widthPx}
        name={{ idPrefix: `${idBase}-membar`, title: `Memory of one ${gpuName}`, description }}
        classPrefix="sv"
      />
      <p className="sv-legend" aria-hidden="true">
        {parts.map((p) => (
          <span key={p.part} className="sv-legend__item">
            <span className={`sv-key sv-mem--${p.part}`} /> {MEMORY_PART_NAMES[p.part]}
          </span>
        ))}
      </p>
      <p data-fit-summary>
        {memory.fits ? (
          <>
            <strong data-requests-fit={memory.requestsThatFit}>
              {formatCount(memory.requestsThatFit)} request{memory.requestsThatFit === 1 ? '' : 's'}
            </strong>{' '}
            of {formatCount(requestTokens)} tokens fit at once: the KV cache holds{' '}
            <strong data-kv-tokens={memory.kvCacheTokens}>
              {formatCount(memory.kvCacheTokens)} tokens
            </strong>{' '}
            in {formatCount(memory.pages)} pages of {memory.pageTokens}, each token taking{' '}
            {formatBytesBinary(memory.kvBytesPerToken)} on this GPU.
          </>
        ) : (
          <>Not one request of {formatCount(requestTokens)} tokens fits.</>
        )}
      </p>
      <details className="sv-details">
        <summary>The memory as a table</summary>
        <ScrollRegion className="table-scroll" label="Memory as a table">
          <table className="ui-data-table sv-table" data-memory-table>
            <ColumnHeads names={['Part', 'Bytes', 'Share', 'What it holds']} />
            <tbody>
              {parts.map((p) => (
                <tr key={p.part} data-part={p.part}>
                  <th scope="row">{MEMORY_PART_NAMES[p.part]}</th>
                  <td>{formatBytesBinary(p.bytes)}</td>
                  <td>{formatPercent(p.bytes / memory.totalBytes)}</td>
                  <td>{MEMORY_PART_TEXT[p.part]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </section>
  );
});
