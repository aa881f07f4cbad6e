/**
 * cmi5 for an embed launched by an LMS as an assignable unit (AU): read the five launch
 * parameters, trade the one-time fetch URL for an auth token, read LMS.LaunchData, send
 * `initialized`, the learner's statements with cmi5 context, the AU's own completed and
 * passed/failed, and `terminated`. Requests go out one at a time in order; every failure is
 * reported through a callback with a readable message and never thrown. The network (`fetch`),
 * the clock and the id source are injected.
 */
import type { LearningEvent } from './learning-events';
import { checkAgent, isHttpUrl, isPlainRecord } from './agent';
import {
  buildStatements,
  checkScore,
  VERBS,
  type EmbedTarget,
  type XapiActivity,
  type XapiAgent,
  type XapiContext,
  type XapiResult,
  type XapiStatement,
  type XapiVerb,
} from './xapi';
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

/** cmi5 IRIs. */
export const CMI5 = {
  categoryCmi5: 'https://w3id.org/xapi/cmi5/context/categories/cmi5',
  categoryMoveOn: 'https://w3id.org/xapi/cmi5/context/categories/moveon',
  sessionId: 'https://w3id.org/xapi/cmi5/context/extensions/sessionid',
  masteryScore: 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore',
} as const;

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

/** An ISO 8601 duration of whole hundredths of a second: `PT12.35S`. */
export function isoDuration(milliseconds: number): string {
  const seconds = Math.max(0, Math.round(milliseconds / 10) / 100);
  return `PT${seconds}S`;
}

/** What a cmi5 session needs. */
export interface Cmi5SessionOptions {
  launch: Cmi5Launch;
  target: EmbedTarget;
  siteBase: string;
  /** The embed's own mastery level; LaunchData's masteryScore wins when present. */
  mastery: number | null;
  fetchImpl: typeof fetch;
  now: () => Date;
  uuid: () => string;
  /** Called with a readable message for each failure; never throws into the embed. */
  onError(message: string): void;
}

/** A running cmi5 session. */
export interface Cmi5Session {
  /** Gets the token and LaunchData and sends `initialized` (queued; call once). */
  start(): void;
  /** Sends the statements for a learning event (queued after everything before it). */
  record(event: LearningEvent): void;
  /** Sends `terminated` with `keepalive` (for pagehide); later calls and records do nothing. */
  terminate(): void;
  /** Resolves when every queued request has finished (for tests and for orderly shutdown). */
  idle(): Promise<void>;
  /** LMS.LaunchData once read; null before. */
  launchData(): Cmi5LaunchData | null;
}

/** A cmi5 session; nothing is sent before start(). */
export function createCmi5Session(options: Cmi5SessionOptions): Cmi5Session {
  const { launch, fetchImpl, onError } = options;
  const startedAt = options.now();
  let token: string | null = null;
  let data: Cmi5LaunchData | null = null;
  let sessionId: string | null = null;
  let broken = false;
  let started = false;
  let terminated = false;
  let completed = false;
  let passed = false;
  let chain: Promise<void> = Promise.resolve();

  const enqueue = (task: () => Promise<void>) => {
    chain = chain.then(async () => {
      if (broken) return;
      try {
        await task();
      } catch (err) {
        onError(err instanceof Cmi5Error ? err.message : 'The LMS could not be reached.');
      }
    });
  };

  const headers = (): Record<string, string> => ({
    Authorization: `Basic ${token ?? ''}`,
    'X-Experience-API-Version': '1.0.3',
    'Content-Type': 'application/json',
  });

  const request = async (what: string, url: string, init: RequestInit): Promise<Response> => {
    let response: Response;
    try {
      response = await fetchImpl(url, init);
    } catch {
      throw new Cmi5Error(`The LMS could not be reached for ${what}.`);
    }
    if (!response.ok) throw new Cmi5Error(`The LMS refused ${what} (HTTP ${response.status}).`);
    return response;
  };

  const send = async (statements: XapiStatement[], keepalive = false) => {
    if (statements.length === 0) return;
    await request(
      statements.length === 1
        ? `the “${statements[0]?.verb.display['en-US'] ?? ''}” statement`
        : 'the statements',
      `${launch.endpoint}statements`,
      { method: 'POST', headers: headers(), body: JSON.stringify(statements), keepalive },
    );
  };

  const mastery = () => data?.masteryScore ?? options.mastery;

  /** The context template with registration, grouping and session id filled in. */
  const baseContext = (): XapiContext => {
    const template = data?.contextTemplate ?? {};
    const activities = template.contextActivities ?? {};
    return {
      ...template,
      registration: launch.registration,
      contextActivities: {
        ...activities,
        grouping: activities.grouping ?? [{ objectType: 'Activity', id: launch.activityId }],
      },
      extensions: { ...template.extensions, [CMI5.sessionId]: sessionId },
    };
  };

  /** A cmi5-defined statement about the AU itself. */
  const defined = (verb: XapiVerb, at: Date, result?: XapiResult): XapiStatement => {
    const context = baseContext();
    const moveOn = verb === VERBS.completed || verb === VERBS.passed || verb === VERBS.failed;
    const category: XapiActivity[] = [{ objectType: 'Activity', id: CMI5.categoryCmi5 }];
    if (moveOn) category.push({ objectType: 'Activity', id: CMI5.categoryMoveOn });
    context.contextActivities = { ...context.contextActivities, category };
    const masteryScore = data?.masteryScore ?? null;
    if ((verb === VERBS.passed || verb === VERBS.failed) && masteryScore !== null) {
      context.extensions = { ...context.extensions, [CMI5.masteryScore]: masteryScore };
    }
    const statement: XapiStatement = {
      id: options.uuid(),
      timestamp: at.toISOString(),
      actor: launch.actor,
      verb,
      object: { objectType: 'Activity', id: launch.activityId },
      context,
    };
    if (result) statement.result = result;
    return statement;
  };

  /** A cmi5-allowed statement (the learner's own answer or run) with cmi5 context. */
  const allowed = (statement: XapiStatement): XapiStatement => {
    const context = baseContext();
    const parent = statement.context?.contextActivities?.parent;
    if (parent) context.contextActivities = { ...context.contextActivities, parent };
    return { ...statement, actor: launch.actor, context };
  };

  const duration = (at: Date) => isoDuration(at.getTime() - startedAt.getTime());

  /** The AU's own completed and passed/failed for an event that finishes the embed, if any. */
  const auStatements = (event: LearningEvent, at: Date): XapiStatement[] => {
    if (!data || data.launchMode !== 'Normal') return [];
    let scaled: number | null = null;
    let score: XapiResult['score'];
    if (event.kind === 'check-completed' && options.target.kind === 'check') {
      const checked = checkScore(event.correct, event.total);
      if (checked) {
        scaled = checked.scaled;
        score = checked;
      }
    } else if (event.kind === 'answered' && options.target.kind === 'quiz') {
      scaled = event.correct ? 1 : 0;
      score = { raw: scaled, min: 0, max: 1, scaled };
    } else if (!(event.kind === 'widget-run' && options.target.kind === 'widget')) {
      return [];
    }
    const out: XapiStatement[] = [];
    if (!completed) {
      completed = true;
      out.push(defined(VERBS.completed, at, { completion: true, duration: duration(at) }));
    }
    const level = mastery();
    if (level !== null && scaled !== null && !passed) {
      const success = scaled >= level;
      passed = success;
      out.push(
        defined(success ? VERBS.passed : VERBS.failed, at, {
          success,
          score,
          duration: duration(at),
        }),
      );
    }
    return out;
  };

  return {
    start() {
      if (started) return;
      started = true;
      const startAt = options.now();
      enqueue(async () => {
        // Without a token nothing can be recorded: the queue stops here whatever went wrong.
        broken = true;
        const response = await request('the auth token', launch.fetchUrl, { method: 'POST' });
        let body: unknown;
        try {
          body = await response.json();
        } catch {
          body = null;
        }
        const value = isPlainRecord(body) ? body['auth-token'] : undefined;
        if (typeof value !== 'string' || value.length === 0 || value.length > 10_000) {
          const text = isPlainRecord(body) ? body['error-text'] : undefined;
          throw new Cmi5Error(
            typeof text === 'string' && text.length <= 200 && !hasUnsafeChars(text)
              ? `The LMS gave no auth token: ${text}`
              : 'The LMS gave no auth token; nothing will be recorded.',
          );
        }
        token = value;
        broken = false;
      });
      enqueue(async () => {
        const query = new URLSearchParams({
          stateId: 'LMS.LaunchData',
          activityId: launch.activityId,
          agent: JSON.stringify(launch.actor),
          registration: launch.registration,
        });
        data = parseLaunchData(null);
        try {
          const response = await request(
            'the launch data',
            `${launch.endpoint}activities/state?${query.toString()}`,
            { method: 'GET', headers: headers() },
          );
          data = parseLaunchData(await response.json().catch(() => null));
        } finally {
          const template = data?.contextTemplate.extensions?.[CMI5.sessionId];
          sessionId = typeof template === 'string' ? template : options.uuid();
        }
      });
      enqueue(() => send([defined(VERBS.initialized, startAt)]));
    },
    record(event) {
      if (!started || terminated) return;
      const at = options.now();
      enqueue(() => {
        const setting = {
          target: options.target,
          siteBase: options.siteBase,
          actor: launch.actor,
          mastery: null,
          now: () => at,
          uuid: options.uuid,
        };
        const own = event.kind === 'check-completed' && options.target.kind === 'check';
        const learner = own ? [] : buildStatements(event, setting).map(allowed);
        return send([...learner, ...auStatements(event, at)]);
      });
    },
    terminate() {
      if (!started || terminated) return;
      terminated = true;
      const at = options.now();
      enqueue(() => send([defined(VERBS.terminated, at, { duration: duration(at) })], true));
    },
    idle: () => chain,
    launchData: () => data,
  };
}

/** A failure with a message meant for the learner. */
class Cmi5Error extends Error {}
