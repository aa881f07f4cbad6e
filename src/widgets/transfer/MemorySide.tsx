import type { ReactNode } from 'react';
import type { SessionItem } from '../../torch';
import { formatBytesDecimal } from '../../format/units';

/** One bar segment of a memory gauge. */
export interface GaugePart {
  label: string;
  bytes: number;
  className: string;
}

/** Props of one side (host or GPU) of the simulator. */
export interface MemorySideProps {
  side: 'cpu' | 'cuda';
  title: string;
  capacityBytes: number;
  /** Used parts, drawn left to right; the rest of the bar is free. */
  parts: GaugePart[];
  /** A sentence of the numbers, read by screen readers and shown under the bar. */
  summary: string;
  items: SessionItem[];
  /** Items still in flight towards this side (shown dimmed). */
  arriving: ReadonlySet<string>;
  busy: boolean;
  onMove(item: SessionItem): void;
  onDelete(item: SessionItem): void;
  /** An extra control under the list (the GPU side's "Empty cache"). */
  footer?: ReactNode;
}

/** A memory side: a usage gauge, and the tensors that live there with their move buttons. */
export function MemorySide({
  side,
  title,
  capacityBytes,
  parts,
  summary,
  items,
  arriving,
  busy,
  onMove,
  onDelete,
  footer,
}: MemorySideProps) {
  const towards = side === 'cpu' ? 'GPU' : 'host';
  const arrow = side === 'cpu' ? 'ArrowRight' : 'ArrowLeft';
  return (
    <section className={`memory-side memory-${side}`} aria-label={title} data-side={side}>
      <h4>{title}</h4>
      <div className="memory-gauge" aria-hidden="true">
        {parts.map((p) => (
          <span
            key={p.label}
            className={`gauge-part ${p.className}`}
            style={{ width: `${Math.min(100, (p.bytes / capacityBytes) * 100)}%` }}
            title={`${p.label}: ${formatBytesDecimal(p.bytes)}`}
          />
        ))}
      </div>
      <p className="memory-summary">{summary}</p>
      {items.length === 0 ? (
        <p className="memory-empty">No tensors here.</p>
      ) : (
        <ul className="memory-items">
          {items.map((item) => {
            const inFlight = arriving.has(item.name);
            return (
              <li
                key={item.name}
                className={`memory-item${inFlight ? ' arriving' : ''}`}
                data-item={item.name}
                data-place={item.place}
              >
                <div className="item-head">
                  <code className="item-name">{item.name}</code>
                  <span className="item-size">{formatBytesDecimal(item.bytes)}</span>
                </div>
                <div className="item-desc">
                  {item.description}
                  {item.pinned ? <span className="item-badge">pinned</span> : null}
                  {inFlight ? <span className="item-badge">arriving…</span> : null}
                </div>
                <div className="item-actions">
                  <button
                    type="button"
                    className="primary"
                    disabled={busy}
                    onClick={() => onMove(item)}
                    onKeyDown={(e) => {
                      if (e.key === arrow) {
                        e.preventDefault();
                        onMove(item);
                      }
                    }}
                    aria-keyshortcuts={arrow}
                    data-action={`move-${item.name}`}
                  >
                    <span className="visually-hidden">Move {item.name} </span>
                    {side === 'cuda' ? <span aria-hidden="true">← </span> : null}
                    To {towards}
                    {side === 'cpu' ? <span aria-hidden="true"> →</span> : null}
                  </button>
                  <button type="button" disabled={busy} onClick={() => onDelete(item)}>
                    del<span className="visually-hidden"> {item.name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {footer}
    </section>
  );
}
