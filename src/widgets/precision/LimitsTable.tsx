import { exactDecimal } from './exact-decimal';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { FORMATS, limitsOf } from './formats';
import { ScrollRegion } from '../../ui/ScrollRegion';
import '../../ui/data-table.css';

/** Every format's largest and smallest normal, smallest subnormal and epsilon, exactly. */
export function LimitsTable() {
  return (
    <details className="precision-limits">
      <summary>Limits of every format, as exact decimals</summary>
      <ScrollRegion className="precision-scroll" label="Limits of every format">
        <table className="ui-data-table precision-table">
          <ColumnHeads
            names={[
              'Format',
              'Largest normal',
              'Smallest normal',
              'Smallest subnormal',
              'Machine epsilon',
            ]}
          />
          <tbody>
            {FORMATS.map((format) => {
              const l = limitsOf(format);
              return (
                <tr key={format.id} data-limits={format.id}>
                  <th scope="row">{format.name}</th>
                  {[l.largestNormal, l.smallestNormal, l.smallestSubnormal, l.epsilon].map(
                    (v, i) => (
                      <td key={i} className="precision-value">
                        {exactDecimal(v)}
                      </td>
                    ),
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </details>
  );
}
