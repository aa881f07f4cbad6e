import { useId } from 'react';
import { ColumnHeads } from '../../ui/ColumnHeads';
import {
  AUTOCAST_DTYPES,
  AUTOCAST_FLOAT32,
  AUTOCAST_LOWER_PRECISION,
  AUTOCAST_PROMOTE,
  autocastListOf,
  COMMON_OPS,
  runsIn,
  whyItRuns,
  type AutocastDtype,
  type AutocastList,
} from './autocast';
import { ScrollRegion } from '../../ui/ScrollRegion';
import '../../ui/data-table.css';
import './precision.css';
import './autocast.css';

/** The table's groups, in the order a forward pass meets them. */
const GROUPS: readonly AutocastList[] = ['lower', 'float32', 'promote', 'unlisted', 'error'];

/** Props of the autocast part. */
export interface AutocastPanelProps {
  dtype: AutocastDtype;
  onDtype(dtype: AutocastDtype): void;
}

const LISTS = [
  { title: 'Autocast to the lower precision (float16 or bfloat16)', ops: AUTOCAST_LOWER_PRECISION },
  { title: 'Autocast to float32', ops: AUTOCAST_FLOAT32 },
  { title: 'Promote to the widest input type', ops: AUTOCAST_PROMOTE },
] as const;

/**
 * Which precision each common op runs in under torch.autocast on CUDA, from the lists of
 * PyTorch's autocast op reference, for float16 or bfloat16; the full lists are below the table.
 */
export function AutocastPanel({ dtype, onDtype }: AutocastPanelProps) {
  const name = `precision-dtype-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <div className="precision-autocast">
      <pre className="precision-code">
        <code>{`with torch.autocast(device_type="cuda", dtype=torch.${dtype}):
    logits = model(x)            # matmuls and convs in ${dtype}
    loss = F.cross_entropy(logits, y)   # float32`}</code>
      </pre>
      <fieldset className="precision-choice">
        <legend>dtype</legend>
        {AUTOCAST_DTYPES.map((d) => (
          <label key={d}>
            <input type="radio" name={name} checked={d === dtype} onChange={() => onDtype(d)} />{' '}
            <code>torch.{d}</code>
          </label>
        ))}
      </fieldset>
      <ScrollRegion className="precision-scroll" label="Where common ops run under autocast">
        <table className="ui-data-table precision-table precision-autocast-table" data-autocast>
          <caption>{`Common ops under autocast(dtype=torch.${dtype}) on CUDA`}</caption>
          <ColumnHeads names={['Call', 'Op in the reference', 'Runs in']} />
          {GROUPS.map((list) => (
            <tbody key={list} data-group={list}>
              <tr className="autocast-group">
                <th scope="rowgroup" colSpan={3}>
                  {whyItRuns(list, dtype)}
                </th>
              </tr>
              {COMMON_OPS.filter((op) => autocastListOf(op.op) === list).map((op) => (
                <tr key={op.call} data-op={op.op} data-list={list}>
                  <th scope="row">
                    <code>{op.call}</code>
                  </th>
                  <td>
                    <code>{op.op}</code>
                  </td>
                  <td className={`autocast-runs autocast-runs--${list}`}>{runsIn(list, dtype)}</td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </ScrollRegion>
      <p className="precision-note">
        Only out-of-place ops are autocast; an in-place call (<code>a.addmm_(b, c)</code>), an{' '}
        <code>out=</code> tensor or an explicit <code>dtype=</code> argument bypasses it, and ops on
        float64 or integer tensors are left alone. The reference lists CUDA&apos;s lower-precision
        ops as &quot;float16&quot;; with <code>dtype=torch.bfloat16</code> the same ops run in
        bfloat16.
      </p>
      <details className="precision-lists">
        <summary>The three CUDA lists in full</summary>
        {LISTS.map((list) => (
          <div key={list.title}>
            <h5>
              {list.title} ({list.ops.length})
            </h5>
            <p className="autocast-list">
              {list.ops.map((op) => (
                <code key={op}>{op}</code>
              ))}
            </p>
          </div>
        ))}
        <p>
          <code>binary_cross_entropy</code> (and <code>nn.BCELoss</code>) raise an error inside
          autocast: use <code>binary_cross_entropy_with_logits</code>.
        </p>
      </details>
    </div>
  );
}
