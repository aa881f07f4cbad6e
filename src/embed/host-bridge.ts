/**
 * The browser glue of an embedded page: tells the framing page that the embed is ready and how
 * tall it is (GPU Lab's own messages, Canvas's and H5P's), accepts the few messages a host may
 * send, turns learning events into xAPI statements for the host, and runs a cmi5 session when an
 * LMS launched the page. Every browser object is injectable, so tests drive it with fakes.
 */
import { createCmi5Session, readCmi5Launch, type Cmi5Session } from './cmi5';
import type { EmbedParams } from './embed-params';
import { H5P_INITIAL, stepH5p, type H5pInput, type H5pState } from './h5p-resizer';
import { learningEvents, type LearningChannel } from './learning-events';
import {
  canvasResizeMessage,
  parseIncoming,
  readyMessage,
  resizeMessage,
  statementMessage,
  wholePixels,
  type OutgoingMessage,
} from './messages';
import { buildStatements, uuidV4, withoutActor, type EmbedTarget, type XapiAgent } from './xapi';

export type { EmbedTarget } from './xapi';

/** What the bridge needs; only target, params, measure and the two callbacks are required. */
export interface HostBridgeOptions {
  target: EmbedTarget;
  params: EmbedParams;
  /** The element wrapping the embed's content; its height is the height reported. */
  measure: HTMLElement;
  /** Called with the theme from the link (at start) or from a configure message. */
  onTheme(theme: 'light' | 'dark'): void;
  /** Called with each notice: the link's ignored params (at start), cmi5 problems. */
  onNotice(message: string): void;
  win?: Window;
  channel?: LearningChannel;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  uuid?: () => string;
}

/** A running bridge. */
export interface HostBridge {
  /** Removes every listener and observer, and ends a cmi5 session. */
  stop(): void;
  /** Measures again at the next animation frame and reports the height if it changed. */
  reportHeight(): void;
}

/**
 * Where messages to the parent may go: the parent's origin from location.ancestorOrigins, else
 * the origin of document.referrer, else '*' (unknown; then no learner data is posted).
 */
export function resolveTargetOrigin(win: Window): string {
  const ancestors = win.location.ancestorOrigins as DOMStringList | undefined;
  const first = ancestors && ancestors.length > 0 ? ancestors[0] : undefined;
  if (first && first !== 'null') return first;
  try {
    const referrer = win.document.referrer;
    if (referrer) {
      const origin = new URL(referrer).origin;
      if (origin !== 'null') return origin;
    }
  } catch {
    // An unreadable referrer leaves the origin unknown.
  }
  return '*';
}

/** The GPU Lab page address without search and hash, as statements name activities. */
export function siteBaseOf(win: Window): string {
  return `${win.location.origin}${win.location.pathname}`;
}

/** Starts the bridge: posts ready, then keeps the host informed until stop(). */
export function startHostBridge(options: HostBridgeOptions): HostBridge {
  const { target, params, measure, onTheme, onNotice } = options;
  const win = options.win ?? window;
  const channel = options.channel ?? learningEvents;
  const now = options.now ?? (() => new Date());
  const uuid = options.uuid ?? defaultUuid(win);
  const parent = win.parent as Window | null;
  const framed = parent !== null && parent !== win;
  const targetOrigin = resolveTargetOrigin(win);
  const siteBase = siteBaseOf(win);
  const frame = params.frame;
  let actor: XapiAgent | null = params.actor;
  let stopped = false;

  const post = (message: OutgoingMessage) => {
    if (!framed || stopped || !parent) return;
    try {
      parent.postMessage(message, targetOrigin);
    } catch {
      // A parent that cannot be reached is no reason to break the embed.
    }
  };

  // H5P handshake.
  let h5p: H5pState = H5P_INITIAL;
  const h5pStep = (input: H5pInput) => {
    const step = stepH5p(h5p, input);
    h5p = step.state;
    for (const message of step.post) post(message);
  };
  const viewportHeight = () => wholePixels(win.document.documentElement.clientHeight);

  // Height.
  const measureHeight = () =>
    wholePixels(Math.max(measure.scrollHeight, measure.getBoundingClientRect().height));
  let lastHeight = measureHeight();
  const announce = (height: number) => {
    post(resizeMessage(frame, height));
    post(canvasResizeMessage(height));
    h5pStep({ kind: 'height', scrollHeight: height, clientHeight: viewportHeight() });
  };
  // A measurement waits for the next animation frame, or for a short timer when frames do not
  // come: browsers stop rendering (frames and ResizeObserver alike) in a cross-origin frame that
  // is off screen, yet the host should still learn its height before the reader scrolls to it.
  const requestFrame =
    typeof win.requestAnimationFrame === 'function'
      ? (run: () => void) => win.requestAnimationFrame(run)
      : null;
  const cancelFrame = (handle: number) => win.cancelAnimationFrame?.(handle);
  let pendingFrame: number | null = null;
  let pendingTimer: number | null = null;
  const clearPending = () => {
    if (pendingFrame !== null) cancelFrame(pendingFrame);
    if (pendingTimer !== null) win.clearTimeout(pendingTimer);
    pendingFrame = null;
    pendingTimer = null;
  };
  const flush = () => {
    clearPending();
    if (stopped) return;
    const height = measureHeight();
    if (height === lastHeight) return;
    lastHeight = height;
    announce(height);
  };
  const schedule = () => {
    if (stopped || pendingTimer !== null) return;
    if (requestFrame) pendingFrame = requestFrame(flush);
    pendingTimer = win.setTimeout(flush, HEIGHT_FALLBACK_DELAY_MS);
  };

  for (const notice of params.notices) onNotice(notice);
  if (params.theme) onTheme(params.theme);

  post(readyMessage(frame, { kind: target.kind, id: target.id }, lastHeight));
  post(canvasResizeMessage(lastHeight));
  h5pStep({ kind: 'start' });
  h5pStep({ kind: 'height', scrollHeight: lastHeight, clientHeight: viewportHeight() });

  const Observer = (win as Window & { ResizeObserver?: typeof ResizeObserver }).ResizeObserver;
  const observer = typeof Observer === 'function' ? new Observer(schedule) : null;
  observer?.observe(measure);
  // Content changes still happen off screen (the page's scripts run), so they also schedule one.
  const Mutations = (win as Window & { MutationObserver?: typeof MutationObserver })
    .MutationObserver;
  const mutations = typeof Mutations === 'function' ? new Mutations(schedule) : null;
  mutations?.observe(measure, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
  });
  win.addEventListener('load', schedule);
  void win.document.fonts?.ready.then(schedule, () => undefined);

  // Incoming messages: only from the parent, only the documented shapes.
  const onMessage = (event: MessageEvent) => {
    if (stopped || !framed || event.source !== parent) return;
    if (targetOrigin !== '*' && event.origin !== targetOrigin) return;
    const message = parseIncoming(event.data);
    if (!message) return;
    switch (message.type) {
      case 'configure':
        if (message.theme) onTheme(message.theme);
        if (message.actor) actor = message.actor;
        break;
      case 'request-height': {
        // Always answered; a height nobody was told about yet goes to Canvas and H5P too.
        const height = measureHeight();
        if (height === lastHeight) post(resizeMessage(frame, height));
        else {
          lastHeight = height;
          announce(height);
        }
        break;
      }
      case 'h5p':
        h5pStep({ kind: 'parent', action: message.action });
        break;
    }
  };
  win.addEventListener('message', onMessage);

  // cmi5, when an LMS launched this page.
  const cmi5Read = readCmi5Launch(win.location.search);
  if (cmi5Read.problem) onNotice(cmi5Read.problem);
  let cmi5: Cmi5Session | null = null;
  if (cmi5Read.launch) {
    cmi5 = createCmi5Session({
      launch: cmi5Read.launch,
      target,
      siteBase,
      mastery: params.mastery,
      scoring: params.scoring,
      fetchImpl: options.fetchImpl ?? win.fetch.bind(win),
      now,
      uuid,
      onError: onNotice,
    });
    cmi5.start();
  }
  const onPageHide = () => cmi5?.terminate();
  win.addEventListener('pagehide', onPageHide);

  // Learning events become statements for the parent (and for the LMS under cmi5).
  const unsubscribe = channel.subscribe((event) => {
    if (stopped) return;
    const statements = buildStatements(event, {
      target,
      siteBase,
      actor: actor ?? cmi5Read.launch?.actor ?? null,
      mastery: params.mastery,
      scoring: params.scoring,
      now,
      uuid,
    });
    for (const statement of statements) {
      post(statementMessage(frame, targetOrigin === '*' ? withoutActor(statement) : statement));
    }
    cmi5?.record(event);
  });

  return {
    stop() {
      if (stopped) return;
      cmi5?.terminate();
      stopped = true;
      observer?.disconnect();
      mutations?.disconnect();
      clearPending();
      win.removeEventListener('load', schedule);
      win.removeEventListener('message', onMessage);
      win.removeEventListener('pagehide', onPageHide);
      unsubscribe();
    },
    reportHeight: schedule,
  };
}

/** How long a height measurement waits when no animation frame comes, in milliseconds. */
export const HEIGHT_FALLBACK_DELAY_MS = 100;

/** crypto.randomUUID where the page has it (secure contexts), else a v4 UUID from getRandomValues. */
function defaultUuid(win: Window): () => string {
  const cryptoImpl = win.crypto;
  if (typeof cryptoImpl.randomUUID === 'function') return () => cryptoImpl.randomUUID();
  return () => uuidV4((count) => cryptoImpl.getRandomValues(new Uint8Array(count)));
}
