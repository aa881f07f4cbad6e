import { useReview } from '../store/review-store';
import { SetAsideNotice } from './SetAsideNotice';

/** The banner shown when the saved review schedule could not be used and was set aside. */
export function ReviewNotice() {
  const notice = useReview((s) => s.notice);
  const dismiss = useReview((s) => s.dismissNotice);
  return (
    <SetAsideNotice
      notice={notice}
      onDismiss={dismiss}
      kind="review"
      keyPrefix="gpu-lab:review:set-aside:"
    />
  );
}
