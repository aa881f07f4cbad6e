import { useEffect, useRef, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

const RESET_AFTER_MS = 2000;

const ANNOUNCEMENTS: Record<CopyState, string> = {
  idle: '',
  copied: 'Copied',
  failed: 'Copy failed: select the code and copy it by hand',
};

/** Props of the copy button: the exact text it puts on the clipboard. */
export interface CopyButtonProps {
  text: string;
}

/**
 * A "Copy" button that writes text to the clipboard and announces the outcome in a visually
 * hidden status region; the button's own label says "Copied" for a moment too.
 */
export function CopyButton({ text }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      if (typeof navigator === 'undefined' || !navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed'); // insecure context, permission refused, or no clipboard API
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), RESET_AFTER_MS);
  }

  return (
    <>
      <button type="button" className="copy-button" data-state={state} onClick={copy}>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span role="status" className="visually-hidden">
        {ANNOUNCEMENTS[state]}
      </span>
    </>
  );
}
