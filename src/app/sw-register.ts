/**
 * Registering the service worker (scripts/service-worker-plugin.ts emits `sw.js` at build) and
 * telling the page when a new version has been downloaded. The browser objects are passed in,
 * so tests drive this with fakes.
 */

/** What the page learns about its environment before registering. */
export interface RegisterEnvironment {
  /** True in a production build (`import.meta.env.PROD`); dev servers and tests never register. */
  production: boolean;
  /** Whether `navigator.serviceWorker` exists (absent in insecure contexts and old browsers). */
  hasServiceWorker: boolean;
  /** `location.search`; `?sw=off` turns the worker off for this page load. */
  search: string;
}

/** Whether to register: a production build in a browser with service workers, not turned off. */
export function shouldRegister(env: RegisterEnvironment): boolean {
  if (!env.production || !env.hasServiceWorker) return false;
  return new URLSearchParams(env.search).get('sw') !== 'off';
}

/** The parts of a ServiceWorker this module uses. */
export interface WorkerLike {
  state: string;
  postMessage(message: unknown): void;
  addEventListener(type: 'statechange', listener: () => void): void;
}

/** The parts of a ServiceWorkerRegistration this module uses. */
export interface RegistrationLike {
  installing: WorkerLike | null;
  waiting: WorkerLike | null;
  addEventListener(type: 'updatefound', listener: () => void): void;
}

/** The parts of navigator.serviceWorker this module uses. */
export interface ContainerLike {
  controller: unknown;
  register(url: string, options?: { scope?: string }): Promise<RegistrationLike>;
  addEventListener(type: 'controllerchange', listener: () => void): void;
}

/** What the caller does when a new version is ready, and how the page reloads. */
export interface UpdateHandlers {
  /** Called once per waiting version with a function that switches to it and reloads. */
  onUpdateReady(apply: () => void): void;
  /** Reloads the page (location.reload in the app). */
  reload(): void;
}

/** The message sw.js understands as "stop waiting and take over". */
export const SKIP_WAITING_MESSAGE = { type: 'skip-waiting' } as const;

/**
 * Registers `scriptUrl` and reports each new version that is installed and waiting while an
 * older one controls the page (the first install is not an update: nothing was stale). Applying
 * asks the waiting worker to take over; the page reloads when it has, and only then, so a
 * learner is never reloaded without asking. Resolves to null when registration fails (private
 * windows, blocked storage): the app works on without offline support.
 */
export async function registerServiceWorker(
  container: ContainerLike,
  scriptUrl: string,
  handlers: UpdateHandlers,
): Promise<RegistrationLike | null> {
  let applied = false;
  let registration: RegistrationLike | null | undefined;
  try {
    registration = await container.register(scriptUrl, { scope: './' });
  } catch {
    return null;
  }
  // Some environments that block service workers (automation, enterprise policy) resolve
  // with nothing instead of rejecting.
  if (!registration) return null;
  const reg = registration;
  const offered = new Set<WorkerLike>();
  const offer = (worker: WorkerLike) => {
    if (offered.has(worker) || !container.controller) return;
    offered.add(worker);
    handlers.onUpdateReady(() => {
      applied = true;
      worker.postMessage(SKIP_WAITING_MESSAGE);
    });
  };
  container.addEventListener('controllerchange', () => {
    if (applied) handlers.reload();
  });
  if (reg.waiting) offer(reg.waiting);
  reg.addEventListener('updatefound', () => {
    const worker = reg.installing;
    if (!worker) return;
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
  return reg;
}
