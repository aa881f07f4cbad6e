import { useEffect, useState } from 'react';
import { registerServiceWorker, shouldRegister, type ContainerLike } from './sw-register';
import './update-notice.css';

/** Props of the update notice; the defaults are the browser's, tests pass their own. */
export interface UpdateNoticeProps {
  /** The service worker container, or null where there is none (tests, insecure contexts). */
  container?: ContainerLike | null;
  /** Whether this is a production build; only those register a worker. */
  production?: boolean;
  /** Reloads the page once the new version has taken over. */
  reload?: () => void;
}

function browserContainer(): ContainerLike | null {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator
    ? (navigator.serviceWorker as unknown as ContainerLike)
    : null;
}

/**
 * Registers the offline service worker (production builds only) and, when a new version has
 * been downloaded, says so in a small notice fixed to the bottom of the window (so nothing on
 * the page moves) with a Reload button that switches to it, and a Later button.
 */
export function UpdateNotice({
  container = browserContainer(),
  production = import.meta.env.PROD,
  reload = () => window.location.reload(),
}: UpdateNoticeProps) {
  const [apply, setApply] = useState<(() => void) | null>(null);

  useEffect(() => {
    const env = {
      production,
      hasServiceWorker: container !== null,
      search: typeof location === 'undefined' ? '' : location.search,
    };
    if (!container || !shouldRegister(env)) return;
    let live = true;
    void registerServiceWorker(container, './sw.js', {
      onUpdateReady: (next) => {
        if (live) setApply(() => next);
      },
      reload,
    });
    return () => {
      live = false;
    };
    // Registration happens once per page; the props are fixed for its lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!apply) return null;
  return (
    <div className="update-notice" role="status" data-notice="update">
      <p>A new version is ready</p>
      <button type="button" onClick={apply}>
        Reload
      </button>
      <button type="button" className="update-notice-later" onClick={() => setApply(null)}>
        Later
      </button>
    </div>
  );
}
