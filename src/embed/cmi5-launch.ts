/**
 * A cmi5 launch: the five launch parameters an LMS puts in the embed's URL, checked, and
 * LMS.LaunchData, read leniently. Pure: no network.
 */
import { checkAgent, isHttpUrl, isPlainRecord } from './agent';
import type { XapiAgent, XapiContext } from './xapi';
import { hasUnsafeChars } from '../state/notice-text';

/** The five cmi5 launch parameters, checked. */
export interface Cmi5Launch {
  /** The LRS endpoint, always ending in `/`. */
  endpoint: string;
  /** The one-time URL that gives the auth token. */
  fetchUrl: string;
  actor: XapiAgent;
  registration: string;
  /** The AU's activity id: the object of its initialized, completed, passed, failed, terminated. */
  activityId: string;
}

/** What LMS.LaunchData told the AU (kept for information; masteryScore decides pass/fail). */
export interface Cmi5LaunchData {
  launchMode: 'Normal' | 'Browse' | 'Review';
  masteryScore: number | null;
  moveOn: string | null;
  returnURL: string | null;
  contextTemplate: XapiContext;
}

/** The launch parameter names, in the order cmi5 lists them. */
export const CMI5_PARAMS = ['endpoint', 'fetch', 'actor', 'registration', 'activityId'] as const;

/** Longest launch parameter read, in characters. */
export const MAX_CMI5_PARAM_CHARS = 2000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IRI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;

/**
 * Reads a cmi5 launch from `location.search`. No launch parameter at all: no launch and no
 * problem. Some but not all, or any invalid: no launch and a problem to show.
 */
export function readCmi5Launch(search: string): {
  launch: Cmi5Launch | null;
  problem: string | null;
} {
  let query: URLSearchParams;
  try {
    query = new URLSearchParams(search.length > 10_000 ? '' : search);
  } catch {
    return { launch: null, problem: null };
  }
  const present = CMI5_PARAMS.filter((name) => query.has(name));
  if (present.length === 0) return { launch: null, problem: null };
  const fail = (why: string) => ({ launch: null, problem: `The cmi5 launch was ignored: ${why}.` });
  const missing = CMI5_PARAMS.filter((name) => !query.has(name));
  if (missing.length > 0) return fail(`it lacks ${missing.join(', ')}`);
  const value = (name: (typeof CMI5_PARAMS)[number]) => query.get(name) ?? '';
  if (!isHttpUrl(value('endpoint'), MAX_CMI5_PARAM_CHARS)) return fail('the endpoint is not a URL');
  if (!isHttpUrl(value('fetch'), MAX_CMI5_PARAM_CHARS)) return fail('the fetch URL is not a URL');
  if (!UUID.test(value('registration'))) return fail('the registration is not a UUID');
  const activityId = value('activityId');
  if (
    activityId.length > MAX_CMI5_PARAM_CHARS ||
    !IRI.test(activityId) ||
    hasUnsafeChars(activityId)
  ) {
    return fail('the activityId is not an IRI');
  }
  let actorValue: unknown;
  try {
    actorValue = value('actor').length > MAX_CMI5_PARAM_CHARS ? null : JSON.parse(value('actor'));
  } catch {
    return fail('the actor is not JSON');
  }
  const actor = checkAgent(actorValue);
  if (!actor.agent) return fail(actor.reason);
  const endpoint = value('endpoint');
  return {
    launch: {
      endpoint: endpoint.endsWith('/') ? endpoint : `${endpoint}/`,
      fetchUrl: value('fetch'),
      actor: actor.agent,
      registration: value('registration'),
      activityId,
    },
    problem: null,
  };
}

/** The cmi5 launch in `location.search`, or null (see readCmi5Launch for why). */
export function parseCmi5Launch(search: string): Cmi5Launch | null {
  return readCmi5Launch(search).launch;
}

/** Reads LMS.LaunchData leniently: unknown or bad fields fall back to defaults. */
export function parseLaunchData(value: unknown): Cmi5LaunchData {
  const data: Cmi5LaunchData = {
    launchMode: 'Normal',
    masteryScore: null,
    moveOn: null,
    returnURL: null,
    contextTemplate: {},
  };
  if (!isPlainRecord(value)) return data;
  if (value.launchMode === 'Browse' || value.launchMode === 'Review') {
    data.launchMode = value.launchMode;
  }
  const mastery = value.masteryScore;
  if (typeof mastery === 'number' && mastery >= 0 && mastery <= 1) data.masteryScore = mastery;
  if (typeof value.moveOn === 'string' && value.moveOn.length <= 100) data.moveOn = value.moveOn;
  if (isHttpUrl(value.returnURL)) data.returnURL = value.returnURL;
  if (isPlainRecord(value.contextTemplate)) {
    // A JSON round trip keeps only plain data and makes it ours to change.
    data.contextTemplate = JSON.parse(JSON.stringify(value.contextTemplate)) as XapiContext;
  }
  return data;
}
