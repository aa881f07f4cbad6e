/**
 * The strict checks on what a host page hands an embed: a learner (an xAPI Agent) and the plain
 * objects, keys and URLs of its messages. Nothing is trusted that is not exactly the documented
 * shape; every refusal says why. Pure.
 */
import { hasUnsafeChars } from '../state/notice-text';
import type { XapiAgent } from './xapi';

/** Longest learner name and account name accepted. */
export const MAX_AGENT_NAME_CHARS = 200;

/** Longest URL (openid, account home page) accepted in an agent. */
export const MAX_AGENT_URL_CHARS = 2000;

/** An agent checked: the agent (a fresh copy) or null with the reason it was refused. */
export type AgentCheck = { agent: XapiAgent; reason: null } | { agent: null; reason: string };

const AGENT_KEYS = new Set(['objectType', 'name', 'mbox', 'mbox_sha1sum', 'openid', 'account']);
const IDENTIFIER_KEYS = ['mbox', 'mbox_sha1sum', 'openid', 'account'] as const;

/** Whether a value is a plain data object (no class, no getters, no symbol keys). */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key !== 'string') return false;
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (!descriptor || !('value' in descriptor)) return false;
  }
  return true;
}

/** Own keys of a plain record that are not in `allowed`. */
export function unknownKeys(
  record: Record<string, unknown>,
  allowed: ReadonlySet<string>,
): string[] {
  return Object.keys(record).filter((key) => !allowed.has(key));
}

/** Whether text is a short string without control characters. */
function isCleanText(value: unknown, maxChars: number): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= maxChars &&
    !hasUnsafeChars(value)
  );
}

/** Whether text is an absolute http(s) URL of bounded length. */
export function isHttpUrl(value: unknown, maxChars = MAX_AGENT_URL_CHARS): value is string {
  if (!isCleanText(value, maxChars)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const MBOX = /^mailto:[^\s@<>"]+@[^\s@<>"]+$/;
const SHA1_HEX = /^[0-9a-f]{40}$/i;

/**
 * Checks a value as an xAPI Agent: a plain object with only Agent keys, objectType 'Agent' when
 * present, a name of at most 200 characters, and exactly one identifier (a `mailto:` mbox, a
 * 40-hex mbox_sha1sum, an http(s) openid, or an account {homePage URL, name}). Never throws.
 */
export function checkAgent(value: unknown): AgentCheck {
  const refuse = (reason: string): AgentCheck => ({ agent: null, reason });
  if (!isPlainRecord(value)) return refuse('the learner is not an object');
  const extra = unknownKeys(value, AGENT_KEYS);
  if (extra.length > 0) return refuse('the learner has fields an xAPI Agent does not have');
  if ('objectType' in value && value.objectType !== 'Agent') {
    return refuse('the learner is not an Agent');
  }
  const agent: XapiAgent = {};
  if ('objectType' in value) agent.objectType = 'Agent';
  if ('name' in value) {
    if (!isCleanText(value.name, MAX_AGENT_NAME_CHARS))
      return refuse('the learner name is unusable');
    agent.name = value.name;
  }
  const present = IDENTIFIER_KEYS.filter((key) => key in value);
  if (present.length !== 1) return refuse('the learner needs exactly one identifier');
  const [key] = present;
  const id = value[key as string];
  switch (key) {
    case 'mbox':
      if (!isCleanText(id, 320) || !MBOX.test(id))
        return refuse('the mbox is not a mailto: address');
      agent.mbox = id;
      break;
    case 'mbox_sha1sum':
      if (typeof id !== 'string' || !SHA1_HEX.test(id)) {
        return refuse('the mbox_sha1sum is not 40 hex digits');
      }
      agent.mbox_sha1sum = id;
      break;
    case 'openid':
      if (!isHttpUrl(id)) return refuse('the openid is not an http(s) URL');
      agent.openid = id;
      break;
    default: {
      if (!isPlainRecord(id)) return refuse('the account is not an object');
      if (unknownKeys(id, new Set(['homePage', 'name'])).length > 0) {
        return refuse('the account has fields other than homePage and name');
      }
      if (!isHttpUrl(id.homePage)) return refuse('the account homePage is not an http(s) URL');
      if (!isCleanText(id.name, MAX_AGENT_NAME_CHARS))
        return refuse('the account name is unusable');
      agent.account = { homePage: id.homePage, name: id.name };
    }
  }
  return { agent, reason: null };
}

/** A valid xAPI Agent (a fresh copy), or null; `checkAgent` says why. */
export function parseAgent(value: unknown): XapiAgent | null {
  return checkAgent(value).agent;
}
