import { useReview } from '../store/review-store';

/** A dismissible banner shown when the saved review schedule could not be used and was set aside. */
export function ReviewNotice() {
  const notice = useReview((s) => s.notice);
  const dismiss = useReview((s) => s.dismissNotice);
  if (!notice) return null;
  return (
    <div className="notice" role="alert" data-notice="review">
      <p>
        {notice} The old data is still in this browser's storage, under a key starting with
        “gpu-lab:review:set-aside:”.
      </p>
      <button type="button" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
