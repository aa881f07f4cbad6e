import './share.css';

/** Props of the notice list. */
export interface WidgetNoticesProps {
  /** Plain-text notices (rendered as text, never as HTML). */
  notices: readonly string[];
  /** Clears the notices; without it there is no dismiss button. */
  onDismiss?: () => void;
}

/**
 * What a widget changed in the settings it was given (a link, lesson props, a form value), as a
 * short list in a polite live region, with a button to dismiss it.
 */
export function WidgetNotices({ notices, onDismiss }: WidgetNoticesProps) {
  return (
    <div className="widget-notices" role="status" aria-live="polite">
      {notices.length > 0 && (
        <div className="widget-notices-box">
          <p className="widget-notices-title">Some settings were adjusted:</p>
          <ul>
            {notices.map((notice, i) => (
              <li key={i}>{notice}</li>
            ))}
          </ul>
          {onDismiss && (
            <button type="button" onClick={onDismiss}>
              Dismiss<span className="visually-hidden"> these notes</span>
            </button>
          )}
        </div>
      )}
    </div>
  );
}
