/** Props of the banner for saved data that could not be used. */
export interface SetAsideNoticeProps {
  /** The store's sentence on what was wrong; nothing is shown without one. */
  notice: string | null;
  onDismiss(): void;
  /** Which record it is about, for tests and styling (`progress`, `review`). */
  kind: string;
  /** The storage key prefix the bad data was moved to. */
  keyPrefix: string;
}

/** A dismissible banner: saved data could not be used and was set aside, not deleted. */
export function SetAsideNotice({ notice, onDismiss, kind, keyPrefix }: SetAsideNoticeProps) {
  if (!notice) return null;
  return (
    <div className="notice" role="alert" data-notice={kind}>
      <p>
        {notice} The old data is still in this browser's storage, under a key starting with “
        {keyPrefix}”.
      </p>
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
