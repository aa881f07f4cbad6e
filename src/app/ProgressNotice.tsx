import { useProgress } from '../store/progress';

/** A dismissible banner shown when saved progress could not be used and was set aside. */
export function ProgressNotice() {
  const notice = useProgress((s) => s.notice);
  const dismiss = useProgress((s) => s.dismissNotice);
  if (!notice) return null;
  return (
    <div className="notice" role="alert" data-notice="progress">
      <p>
        {notice} The old data is still in this browser's storage, under a key starting with
        “gpu-lab:progress:set-aside:”.
      </p>
      <button type="button" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
