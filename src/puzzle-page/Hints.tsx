import { Prose } from './Prose';

/** The button that opens the next hint, or says there are no more. */
export function HintButton({
  shown,
  total,
  onShow,
}: {
  shown: number;
  total: number;
  onShow(): void;
}) {
  return (
    <button type="button" data-action="hint" disabled={shown >= total} onClick={onShow}>
      {shown >= total ? 'No more hints' : `Show hint ${shown + 1} of ${total}`}
    </button>
  );
}

/** The hints opened so far, in order (nothing before the first). */
export function OpenHints({ hints, shown }: { hints: readonly string[]; shown: number }) {
  if (shown <= 0) return null;
  return (
    <ol className="pz-hints" aria-label="Hints">
      {hints.slice(0, shown).map((h, i) => (
        <li key={i} data-hint={i + 1}>
          <Prose text={h} />
        </li>
      ))}
    </ol>
  );
}
