/** Props of the notice for a part of the page that could not be fetched. */
export interface LoadFailedProps {
  /** What failed, as the sentence starts: "This lesson", "The questions". */
  what: string;
  /** Why, as the loader said. */
  message: string;
}

/**
 * An alert that part of the page (a lesson, a guide, a set of questions, each fetched on its
 * own) could not be loaded, why, and what to do about it.
 */
export function LoadFailed({ what, message }: LoadFailedProps) {
  return (
    <div role="alert" className="notice">
      <p>
        {what} could not be loaded: {message}
      </p>
      <p>Check your connection and reload the page.</p>
    </div>
  );
}
