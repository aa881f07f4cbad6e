import { formatBytesBinary, formatPercent } from '../../format/units';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { sumParts, type BarPart, type PartId } from './bar-parts';
import { ScrollRegion } from '../../ui/ScrollRegion';
import './memory-tables.css';

/** Props of the legend and the parts table. */
export interface PartsProps {
  parts: readonly BarPart[];
  capacityBytes: number;
  activePart: PartId | null;
  onShow(part: PartId | null): void;
  idBase: string;
}

/**
 * The bar's legend as buttons: focusing, hovering or tapping one (or a part of the bar itself)
 * shows what that part holds in the line below, which screen readers hear as the button's
 * description.
 */
export function PartsLegend({ parts, activePart, onShow, idBase }: PartsProps) {
  const active = parts.find((p) => p.id === activePart);
  const explainId = `${idBase}-explain`;
  return (
    <div className="memory-legend-block">
      <ul className="memory-legend" aria-label="Parts of the bar">
        {parts
          .filter((p) => p.bytes > 0)
          .map((part) => (
            <li key={part.id}>
              <button
                type="button"
                className={part.id === activePart ? 'is-active' : undefined}
                data-legend={part.id}
                aria-describedby={explainId}
                onFocus={() => onShow(part.id)}
                onBlur={() => onShow(null)}
                onMouseEnter={() => onShow(part.id)}
                onMouseLeave={() => onShow(null)}
                onClick={() => onShow(part.id)}
              >
                <span className={`memory-swatch memory-part-${part.id}`} aria-hidden="true" />
                {part.label}{' '}
                <span className="memory-legend-bytes">{formatBytesBinary(part.bytes)}</span>
              </button>
            </li>
          ))}
      </ul>
      <p id={explainId} className="memory-explain" data-explain>
        {active ? (
          <>
            <strong>
              {active.label}, {formatBytesBinary(active.bytes)}:
            </strong>{' '}
            {active.explanation}
          </>
        ) : (
          'Hover over or tap a part of the bar, or pick its name above, to see what it holds.'
        )}
      </p>
    </div>
  );
}

/**
 * The bar as a table: every part with its size and its share of the GPU, and what it holds
 * folded under its name (the legend above shows the same for the part picked), so the table is
 * three short columns that fit a phone.
 */
export function PartsTable({ parts, capacityBytes, idBase }: PartsProps) {
  const share = (bytes: number) => formatPercent(bytes / capacityBytes);
  const subtotal = (label: string, code: string | null, bytes: number) => (
    <tr className="memory-subtotal">
      <th scope="row">
        {label}
        {code && (
          <>
            {' '}
            <code>{code}</code>
          </>
        )}
      </th>
      <td>{formatBytesBinary(bytes)}</td>
      <td>{share(bytes)}</td>
    </tr>
  );
  const rows = (group: BarPart['group']) =>
    parts
      .filter((p) => p.group === group)
      .map((p) => (
        <tr key={p.id} data-part-row={p.id}>
          <th scope="row">
            <details className="memory-part-what">
              <summary>
                <span className={`memory-swatch memory-part-${p.id}`} aria-hidden="true" />
                {p.label}
              </summary>
              <p>{p.explanation}</p>
            </details>
          </th>
          <td>{formatBytesBinary(p.bytes)}</td>
          <td>{share(p.bytes)}</td>
        </tr>
      ));
  const allocated = sumParts(parts, ['allocated']);
  const reserved = sumParts(parts, ['allocated', 'reserved']);
  return (
    <ScrollRegion className="table-scroll" labelledBy={`${idBase}-parts`}>
      <table className="memory-parts">
        <caption id={`${idBase}-parts`}>The peak of one step, part by part (modeled)</caption>
        <ColumnHeads names={['Part', 'Size', 'Of the GPU']} />
        <tbody>
          {rows('allocated')}
          {subtotal('Tensors at the peak', 'max_memory_allocated()', allocated)}
          {rows('reserved')}
          {subtotal('Reserved by PyTorch', 'memory_reserved()', reserved)}
          {rows('outside')}
          {subtotal('What the GPU must hold', null, sumParts(parts))}
          <tr className="memory-subtotal">
            <th scope="row">GPU memory</th>
            <td>{formatBytesBinary(capacityBytes)}</td>
            <td>100 %</td>
          </tr>
        </tbody>
      </table>
    </ScrollRegion>
  );
}
