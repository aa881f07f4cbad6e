/**
 * The messages an embedded GPU Lab page exchanges with the page that frames it: builders for what
 * it posts (ready, resize, statement, Canvas's `lti.frameResize`, H5P's resizer protocol) and a
 * strict reader for what it accepts. Incoming data is trusted only when it has exactly one of the
 * documented shapes; anything else reads as null.
 */
import { checkAgent, isPlainRecord, unknownKeys } from './agent';
import { type XapiAgent, type XapiStatement } from './xapi';

/** The protocol version in every gpulab message. */
export const PROTOCOL_VERSION = 1;

/** Which embed a ready message announces. */
export interface EmbedRef {
  kind: 'widget' | 'quiz' | 'check' | 'puzzle' | 'triton';
  id: string;
}

/** Posted once the embed has rendered. */
export interface ReadyMessage {
  type: 'gpulab:ready';
  version: 1;
  frame: string | null;
  embed: EmbedRef;
  height: number;
}

/** Posted whenever the embed's height changes, and on request. */
export interface ResizeMessage {
  type: 'gpulab:resize';
  version: 1;
  frame: string | null;
  height: number;
}

/** Posted for each learning event, one per xAPI statement. */
export interface StatementMessage {
  type: 'gpulab:statement';
  version: 1;
  frame: string | null;
  statement: XapiStatement;
}

/** Canvas LMS's iframe resize request. */
export interface CanvasResizeMessage {
  subject: 'lti.frameResize';
  height: number;
}

/** The actions of H5P's resizer protocol. */
export type H5pAction = 'hello' | 'ready' | 'prepareResize' | 'resizePrepared' | 'resize';

/** What the iframe side of H5P's resizer posts. */
export type H5pOutgoing =
  | { context: 'h5p'; action: 'hello' }
  | { context: 'h5p'; action: 'prepareResize'; scrollHeight: number; clientHeight: number }
  | { context: 'h5p'; action: 'resize'; scrollHeight: number };

/** Anything the embed posts to its parent. */
export type OutgoingMessage =
  ReadyMessage | ResizeMessage | StatementMessage | CanvasResizeMessage | H5pOutgoing;

/** A height as the messages carry it: whole CSS pixels, at least 0. */
export function wholePixels(height: number): number {
  return Number.isFinite(height) ? Math.max(0, Math.ceil(height)) : 0;
}

/** `gpulab:ready`. */
export function readyMessage(frame: string | null, embed: EmbedRef, height: number): ReadyMessage {
  return {
    type: 'gpulab:ready',
    version: PROTOCOL_VERSION,
    frame,
    embed: { kind: embed.kind, id: embed.id },
    height: wholePixels(height),
  };
}

/** `gpulab:resize`. */
export function resizeMessage(frame: string | null, height: number): ResizeMessage {
  return { type: 'gpulab:resize', version: PROTOCOL_VERSION, frame, height: wholePixels(height) };
}

/** `gpulab:statement`. */
export function statementMessage(frame: string | null, statement: XapiStatement): StatementMessage {
  return { type: 'gpulab:statement', version: PROTOCOL_VERSION, frame, statement };
}

/** Canvas's `lti.frameResize`. */
export function canvasResizeMessage(height: number): CanvasResizeMessage {
  return { subject: 'lti.frameResize', height: wholePixels(height) };
}

/** A message from the host that the embed acts on. */
export type IncomingMessage =
  | { type: 'configure'; theme: 'light' | 'dark' | null; actor: XapiAgent | null }
  | { type: 'request-height' }
  | { type: 'h5p'; action: 'hello' | 'ready' | 'resizePrepared' | 'resize' };

const CONFIGURE_KEYS = new Set(['type', 'version', 'theme', 'actor']);
const REQUEST_KEYS = new Set(['type', 'version']);
// Some versions of h5p-resizer.js add the host's height to their answers.
const H5P_KEYS = new Set(['context', 'action', 'parentHeight']);
const H5P_INCOMING = new Set(['hello', 'ready', 'resizePrepared', 'resize']);

/**
 * Reads a posted message: `gpulab:configure` (optional theme and actor), `gpulab:request-height`,
 * or an H5P resizer message from the parent. Only plain objects with exactly the documented keys
 * and value types pass; everything else (extra keys, wrong types, arrays, strings, getters,
 * prototype tricks, an invalid actor) is null. Never throws.
 */
export function parseIncoming(data: unknown): IncomingMessage | null {
  if (!isPlainRecord(data)) return null;
  if ('context' in data) return parseH5p(data);
  if (data.version !== PROTOCOL_VERSION) return null;
  if (data.type === 'gpulab:request-height') {
    return unknownKeys(data, REQUEST_KEYS).length === 0 ? { type: 'request-height' } : null;
  }
  if (data.type !== 'gpulab:configure' || unknownKeys(data, CONFIGURE_KEYS).length > 0) return null;
  let theme: 'light' | 'dark' | null = null;
  if ('theme' in data) {
    if (data.theme !== 'light' && data.theme !== 'dark') return null;
    theme = data.theme;
  }
  let actor: XapiAgent | null = null;
  if ('actor' in data) {
    actor = checkAgent(data.actor).agent;
    if (!actor) return null;
  }
  return { type: 'configure', theme, actor };
}

function parseH5p(data: Record<string, unknown>): IncomingMessage | null {
  if (data.context !== 'h5p' || unknownKeys(data, H5P_KEYS).length > 0) return null;
  if (
    'parentHeight' in data &&
    !(typeof data.parentHeight === 'number' && Number.isFinite(data.parentHeight))
  ) {
    return null;
  }
  const action = data.action;
  if (typeof action !== 'string' || !H5P_INCOMING.has(action)) return null;
  return { type: 'h5p', action: action as 'hello' | 'ready' | 'resizePrepared' | 'resize' };
}
