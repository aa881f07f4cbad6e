import { useProgress } from '../store/progress';
import { SetAsideNotice } from './SetAsideNotice';

/** The banner shown when saved progress could not be used and was set aside. */
export function ProgressNotice() {
  const notice = useProgress((s) => s.notice);
  const dismiss = useProgress((s) => s.dismissNotice);
  return (
    <SetAsideNotice
      notice={notice}
      onDismiss={dismiss}
      kind="progress"
      keyPrefix="gpu-lab:progress:set-aside:"
    />
  );
}
