import { useState } from 'react';
import { copyText } from './copy-text';

/** What a copy button needs: the words to announce, and the actions. */
export interface CopyWithStatus {
  /** What the last copy did ('' before one, or after `clear`). */
  status: string;
  /** Copies `text` (with `field` as the fallback's selection) and announces whether it worked. */
  copy(text: string, field: HTMLInputElement | HTMLTextAreaElement | null): Promise<void>;
  /** Forgets the last copy's words. */
  clear(): void;
}

/** Copying with a status: `done` when the text reached the clipboard, `failed` when it did not. */
export function useCopy(done: string, failed: string): CopyWithStatus {
  const [status, setStatus] = useState('');
  return {
    status,
    copy: async (text, field) => {
      setStatus('');
      setStatus((await copyText(text, field)) ? done : failed);
    },
    clear: () => setStatus(''),
  };
}

/** The polite live line that says what the last copy did. */
export function CopyStatus({ status }: { status: string }) {
  return (
    <p className="share-status" role="status" aria-live="polite">
      {status}
    </p>
  );
}
