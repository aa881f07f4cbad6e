/**
 * The options an embed link carries in its hash query, keys without a dot: `theme`, `frame`,
 * `actor`, `mastery`, `attempts`, `tools`. Parsing never throws; a bad value is dropped with a
 * notice the embed shows.
 */
import { snippet } from '../state/notice-text';
import { checkAgent } from './agent';
import { SCORE_POLICIES, type ScorePolicy, type XapiAgent } from './xapi';

/** The embed options of a link, with notices about values that were ignored. */
export interface EmbedParams {
  /** Forced colour scheme; null follows the host's prefers-color-scheme. */
  theme: 'light' | 'dark' | null;
  /** The host's name for this iframe, echoed in every message. */
  frame: string | null;
  /** The learner as an xAPI Agent, when the host passes one. */
  actor: XapiAgent | null;
  /** Share of correct answers (0..1) that passes a lesson check; null: no passed/failed. */
  mastery: number | null;
  /**
   * Which answer to each question scores (`attempts=first|last|best`): the first (the default),
   * the latest, or the best of them.
   */
  scoring: ScorePolicy;
  /** Whether the embed shows its Share menus (`tools=1`); off unless the host asks. */
  tools: boolean;
  notices: string[];
}

/** Longest `actor` value read, in characters (JSON text). */
export const MAX_ACTOR_PARAM_CHARS = 2000;

/** What a `frame` value must look like. */
export const FRAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A mastery value: 0, 1, or a decimal between them with at most 6 places (`0.8`, `.75`). */
const MASTERY_PATTERN = /^(?:0(?:\.\d{1,6})?|1(?:\.0{1,6})?|\.\d{1,6})$/;

/** Embed options with nothing set: what an empty query gives (a new object each call). */
export function defaultEmbedParams(): EmbedParams {
  return {
    theme: null,
    frame: null,
    actor: null,
    mastery: null,
    scoring: 'first',
    tools: false,
    notices: [],
  };
}

/** The embed options in a parsed hash query (widget keys with a dot are not looked at). */
export function parseEmbedParams(query: ReadonlyMap<string, string>): EmbedParams {
  const params = defaultEmbedParams();
  const theme = query.get('theme');
  if (theme !== undefined) {
    if (theme === 'light' || theme === 'dark') params.theme = theme;
    else {
      params.notices.push(
        `The theme “${snippet(theme)}” is not light or dark; the page follows your system setting.`,
      );
    }
  }
  const frame = query.get('frame');
  if (frame !== undefined) {
    if (FRAME_PATTERN.test(frame)) params.frame = frame;
    else {
      params.notices.push(
        'The frame name was ignored: it must be 1 to 64 letters, digits, “-” or “_”.',
      );
    }
  }
  const actor = query.get('actor');
  if (actor !== undefined) {
    const read = readActor(actor);
    if (read.agent) params.actor = read.agent;
    else params.notices.push(`The learner (actor) was ignored: ${read.reason}.`);
  }
  const mastery = query.get('mastery');
  if (mastery !== undefined) {
    const value = MASTERY_PATTERN.test(mastery) ? Number(mastery) : NaN;
    if (value >= 0 && value <= 1) params.mastery = value;
    else {
      params.notices.push(
        `The mastery level “${snippet(mastery)}” is not a number from 0 to 1; no pass or fail is reported.`,
      );
    }
  }
  const attempts = query.get('attempts');
  if (attempts !== undefined) {
    const policy = SCORE_POLICIES.find((p) => p === attempts);
    if (policy) params.scoring = policy;
    else {
      params.notices.push(
        `The attempts setting “${snippet(attempts)}” is not first, last or best; each question’s first answer is scored.`,
      );
    }
  }
  const tools = query.get('tools');
  if (tools !== undefined) {
    if (tools === '1' || tools === '0') params.tools = tools === '1';
    else {
      params.notices.push(
        `The tools setting “${snippet(tools)}” is not 1 or 0; the Share menus stay hidden.`,
      );
    }
  }
  return params;
}

/** An `actor` value (JSON text) read as an Agent, or the reason it was refused. */
export function readActor(text: string): { agent: XapiAgent | null; reason: string } {
  if (text.length > MAX_ACTOR_PARAM_CHARS) return { agent: null, reason: 'it is too long' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { agent: null, reason: 'it is not JSON' };
  }
  const checked = checkAgent(value);
  return checked.agent
    ? { agent: checked.agent, reason: '' }
    : { agent: null, reason: checked.reason };
}
