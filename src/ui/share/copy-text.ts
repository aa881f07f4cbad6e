/**
 * Copies text to the clipboard: the async Clipboard API first, then the older select-and-copy
 * on the given field (for browsers or contexts without it). Resolves to whether it worked.
 */
export async function copyText(
  text: string,
  field: HTMLInputElement | HTMLTextAreaElement | null,
): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not a secure context): try the fallback below.
  }
  try {
    if (!field || typeof document.execCommand !== 'function') return false;
    field.focus();
    field.select();
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
