/**
 * The iframe side of H5P's resizer handshake (the protocol h5p-resizer.js speaks on the host), as
 * a pure state machine. The embed says hello; once the parent answers hello, each height change
 * is announced with prepareResize, and when the parent answers resizePrepared the embed posts the
 * height to use. The parent's `ready` (its script loaded late) asks for hello again; its `resize`
 * (its window changed size) asks for a new prepareResize.
 */
import type { H5pOutgoing } from './messages';

/** What the handshake remembers. */
export interface H5pState {
  /** The parent answered hello: it runs h5p-resizer.js. */
  enabled: boolean;
  /** The latest content height and viewport height, in CSS px; null before the first measure. */
  scrollHeight: number | null;
  clientHeight: number | null;
  /** A prepareResize was posted and its resizePrepared is still due. */
  awaitingPrepared: boolean;
}

/** What the handshake reacts to. */
export type H5pInput =
  | { kind: 'start' }
  | { kind: 'parent'; action: 'hello' | 'ready' | 'resizePrepared' | 'resize' }
  | { kind: 'height'; scrollHeight: number; clientHeight: number };

/** The state before start. */
export const H5P_INITIAL: H5pState = {
  enabled: false,
  scrollHeight: null,
  clientHeight: null,
  awaitingPrepared: false,
};

const HELLO: H5pOutgoing = { context: 'h5p', action: 'hello' };

/** One step: the next state and the messages to post to the parent, in order. */
export function stepH5p(
  state: H5pState,
  input: H5pInput,
): { state: H5pState; post: H5pOutgoing[] } {
  switch (input.kind) {
    case 'start':
      return { state, post: [HELLO] };
    case 'height': {
      const next = { ...state, scrollHeight: input.scrollHeight, clientHeight: input.clientHeight };
      return state.enabled ? prepare(next) : { state: next, post: [] };
    }
    case 'parent':
      switch (input.action) {
        case 'hello':
          return prepare({ ...state, enabled: true });
        case 'ready':
          return { state, post: [HELLO] };
        case 'resize':
          return state.enabled ? prepare(state) : { state, post: [] };
        case 'resizePrepared':
          if (!state.enabled || !state.awaitingPrepared || state.scrollHeight === null) {
            return { state, post: [] };
          }
          return {
            state: { ...state, awaitingPrepared: false },
            post: [{ context: 'h5p', action: 'resize', scrollHeight: state.scrollHeight }],
          };
      }
  }
}

function prepare(state: H5pState): { state: H5pState; post: H5pOutgoing[] } {
  if (state.scrollHeight === null || state.clientHeight === null) return { state, post: [] };
  return {
    state: { ...state, awaitingPrepared: true },
    post: [
      {
        context: 'h5p',
        action: 'prepareResize',
        scrollHeight: state.scrollHeight,
        clientHeight: state.clientHeight,
      },
    ],
  };
}
