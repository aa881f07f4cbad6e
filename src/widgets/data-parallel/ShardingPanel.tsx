import { memo } from 'react';
import {
  formatBytesBinary,
  formatBytesDecimal,
  formatPercent,
  formatRatio,
  formatSeconds,
  formatSignificant,
} from '../../format/units';
import { ColumnHeads } from '../../ui/ColumnHeads';
import type { DataParallelResult, StrategyRow } from './simulation';
import { fieldLabel } from '../../ui/field';
import { dataParallelSchema, STRATEGY_SHORT_NAMES } from './settings';
import { ScrollRegion } from '../../ui/ScrollRegion';

/** What each strategy shards, in a few words. */
const SHARDS: Readonly<Record<StrategyRow['strategy'], string>> = {
  replicate: 'nothing',
  zero1: 'optimizer state',
  zero2: 'optimizer state, gradients',
  zero3: 'optimizer state, gradients, weights',
};

/** The chosen strategy against plain DDP, in one or two sentences. */
function Verdict({ result }: { result: DataParallelResult }) {
  const rows = result.strategies;
  const ddp = rows[0];
  const chosen = rows.find((r) => r.strategy === result.settings.sharding);
  if (!ddp || !chosen) return null;
  if (chosen.strategy === 'replicate') {
    return (
      <p className="dp-hint">
        Plain DDP keeps all {formatSignificant(ddp.stateBytesPerParam)} bytes of model state per
        parameter on every GPU. Choose a ZeRO stage under{' '}
        <em>{fieldLabel(dataParallelSchema.fields.sharding)}</em> to see what sharding saves and
        what it sends instead.
      </p>
    );
  }
  const name = STRATEGY_SHORT_NAMES[chosen.strategy];
  return (
    <p className="dp-hint" data-sharding-verdict>
      {name} keeps {formatSignificant(chosen.stateBytesPerParam)} bytes of model state per parameter
      on each of the {result.gpus} GPUs, against DDP’s {formatSignificant(ddp.stateBytesPerParam)},
      and each GPU sends {formatRatio(chosen.trafficOverDdp)} DDP’s bytes per step.
      {!ddp.answer.fits && chosen.answer.fits
        ? ` Replicated, the step would not fit one ${result.gpuName}; sharded, it does.`
        : ''}
      {chosen.answer.scalingEfficiency > 1
        ? ' Scaling above 100 % is no mistake: each GPU updates only its own slice of the weights, so the optimizer step shrinks with the GPU count.'
        : ''}
    </p>
  );
}

/**
 * Plain DDP beside ZeRO-1, ZeRO-2 and full sharding (FSDP) on the settings' GPUs: what one GPU
 * keeps of the weights, gradients and optimizer state, its peak, what it sends per step, and the
 * step's time. The chosen strategy's row is marked.
 */
export const ShardingPanel = memo(function ShardingPanel({
  result,
  idBase,
}: {
  result: DataParallelResult;
  idBase: string;
}) {
  const headingId = `${idBase}-shard-h`;
  return (
    <section className="ui-panel dp-panel" aria-labelledby={headingId}>
      <h4 id={headingId}>Sharding the model state</h4>
      <p className="dp-hint">
        Every row trains the same step on {result.gpus} GPU{result.gpus === 1 ? '' : 's'}; memory is
        one GPU’s, traffic is what one GPU sends per step in all its collectives.
      </p>
      <ScrollRegion className="table-scroll" labelledBy={headingId}>
        <table className="dp-table" data-sharding-table>
          <ColumnHeads
            names={[
              'Strategy',
              'Shards',
              'Weights',
              'Gradients',
              'Optimizer state',
              `${fieldLabel(dataParallelSchema.fields.sharding)} per parameter`,
              'Peak per GPU',
              'Sent per GPU per step',
              'Step',
              'Scaling',
            ]}
          />
          <tbody>
            {result.strategies.map((row) => {
              const { answer } = row;
              const chosen = row.strategy === result.settings.sharding;
              return (
                <tr
                  key={row.strategy}
                  data-strategy={row.strategy}
                  data-bytes-per-param={row.stateBytesPerParam}
                  data-bytes-sent={answer.bytesSentPerGpu}
                  aria-current={chosen ? 'true' : undefined}
                >
                  <th scope="row">
                    {STRATEGY_SHORT_NAMES[row.strategy]}
                    {chosen && <span className="visually-hidden"> (chosen)</span>}
                  </th>
                  <td className="dp-wrap">{SHARDS[row.strategy]}</td>
                  <td>{formatBytesBinary(answer.memory.weightsBytes)}</td>
                  <td>
                    {formatBytesBinary(
                      answer.memory.modelStateBytes -
                        answer.memory.weightsBytes -
                        answer.memory.optimizerBytes,
                    )}
                  </td>
                  <td>{formatBytesBinary(answer.memory.optimizerBytes)}</td>
                  <td>{formatSignificant(row.stateBytesPerParam)} B</td>
                  <td>
                    {formatBytesBinary(answer.bytes)}
                    {answer.fits ? '' : <span className="dp-aside"> (does not fit)</span>}
                  </td>
                  <td>
                    {formatBytesDecimal(answer.bytesSentPerGpu)}
                    {row.strategy !== 'replicate' && row.trafficOverDdp > 0 ? (
                      <span className="dp-aside"> ({formatRatio(row.trafficOverDdp)})</span>
                    ) : (
                      ''
                    )}
                  </td>
                  <td>{formatSeconds(answer.seconds)}</td>
                  <td>{formatPercent(answer.scalingEfficiency)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <Verdict result={result} />
    </section>
  );
});
