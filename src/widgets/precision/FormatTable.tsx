import { useId } from 'react';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { BitString } from './BitString';
import type { FormatId } from './formats';
import { errorText, type FormatReading } from './reading';
import { ScrollRegion } from '../../ui/ScrollRegion';
import '../../ui/data-table.css';

/** Props of the table. */
export interface FormatTableProps {
  readings: readonly FormatReading[];
  /** The format in the bit editor. */
  selected: FormatId;
  onSelect(id: FormatId): void;
  /** The text the readings are of, for the caption. */
  typedText: string;
}

/** One row per format: its bits, the exact value stored, the errors and what happened (two columns, so it fits a phone). */
export function FormatTable({ readings, selected, onSelect, typedText }: FormatTableProps) {
  const name = `precision-format-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <ScrollRegion className="precision-scroll" label="How each format stores the number">
      <table className="ui-data-table precision-table" data-formats-table>
        <caption className="visually-hidden">{`How each format stores ${typedText}`}</caption>
        <ColumnHeads names={['Format and bits', 'Stored value (exact), error and what happened']} />
        <tbody>
          {readings.map((r) => (
            <tr key={r.format.id} data-format={r.format.id} data-outcome={r.rounded.outcome}>
              <th scope="row">
                <label className="precision-format-choice">
                  <input
                    type="radio"
                    name={name}
                    checked={r.format.id === selected}
                    onChange={() => onSelect(r.format.id)}
                  />
                  {r.format.name}
                  <span className="precision-bitcount">
                    {`${1 + r.format.exponentBits + r.format.mantissaBits} bits`}
                  </span>
                </label>
                <BitString format={r.format} encoded={r.rounded.encoded} />
              </th>
              <td className="precision-stored">
                <span className="precision-value" data-value>
                  {r.valueText}
                </span>
                <span className="precision-error">
                  <span
                    className={`precision-verdict precision-verdict--${r.verdict.tone}`}
                    data-verdict
                  >
                    {r.verdict.label}
                  </span>{' '}
                  <span>error (stored − typed) {errorText(r.absoluteError)}</span>
                  {' · '}
                  <span>relative {errorText(r.relativeError)}</span>
                </span>
                {r.verdict.tone === 'warn' || r.verdict.tone === 'bad' ? (
                  <span className="precision-detail">{r.verdict.detail}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
