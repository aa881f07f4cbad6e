/**
 * A cmi5 session: trade the one-time fetch URL for an auth token, read LMS.LaunchData, send
 * `initialized`, the statements for each learning event, and `terminated`. Requests go out one
 * at a time in order; every failure is reported through a callback with a readable message and
 * never thrown. The network (`fetch`), the clock and the id source are injected.
 */
import { isPlainRecord } from './agent';
import { parseLaunchData, type Cmi5Launch, type Cmi5LaunchData } from './cmi5-launch';
import { CMI5, createCmi5Statements } from './cmi5-statements';
import type { LearningEvent } from './learning-events';
import type { EmbedTarget, ScorePolicy, XapiStatement } from './xapi';
import { hasUnsafeChars } from '../state/notice-text';

/** What a cmi5 session needs. */
export interface Cmi5SessionOptions {
  launch: Cmi5Launch;
  target: EmbedTarget;
  siteBase: string;
  /** The embed's own mastery level; LaunchData's masteryScore wins when present. */
  mastery: number | null;
  /** Which answer to each question scores (the embed's `attempts` option). */
  scoring: ScorePolicy;
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

/** A failure with a message meant for the learner. */
class Cmi5Error extends Error {}

/** The auth token in the fetch URL's reply, or a Cmi5Error saying why there is none. */
async function authToken(response: Response): Promise<string> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const value = isPlainRecord(body) ? body['auth-token'] : undefined;
  if (typeof value === 'string' && value.length > 0 && value.length <= 10_000) return value;
  const text = isPlainRecord(body) ? body['error-text'] : undefined;
  throw new Cmi5Error(
    typeof text === 'string' && text.length <= 200 && !hasUnsafeChars(text)
      ? `The LMS gave no auth token: ${text}`
      : 'The LMS gave no auth token; nothing will be recorded.',
  );
}

/** A cmi5 session; nothing is sent before start(). */
export function createCmi5Session(options: Cmi5SessionOptions): Cmi5Session {
  const { launch, fetchImpl, onError } = options;
  const statements = createCmi5Statements({
    launch,
    target: options.target,
    siteBase: options.siteBase,
    mastery: options.mastery,
    scoring: options.scoring,
    startedAt: options.now(),
    uuid: options.uuid,
  });
  let token: string | null = null;
  let data: Cmi5LaunchData | null = null;
  let broken = false;
  let started = false;
  let terminated = false;
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

  const send = async (batch: XapiStatement[], keepalive = false) => {
    if (batch.length === 0) return;
    await request(
      batch.length === 1
        ? `the “${batch[0]?.verb.display['en-US'] ?? ''}” statement`
        : 'the statements',
      `${launch.endpoint}statements`,
      { method: 'POST', headers: headers(), body: JSON.stringify(batch), keepalive },
    );
  };

  const readLaunchData = async () => {
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
      const template = data.contextTemplate.extensions?.[CMI5.sessionId];
      statements.useLaunchData(data, typeof template === 'string' ? template : options.uuid());
    }
  };

  return {
    start() {
      if (started) return;
      started = true;
      const startAt = options.now();
      enqueue(async () => {
        // Without a token nothing can be recorded: the queue stops here whatever went wrong.
        broken = true;
        token = await authToken(
          await request('the auth token', launch.fetchUrl, { method: 'POST' }),
        );
        broken = false;
      });
      enqueue(readLaunchData);
      enqueue(() => send([statements.initialized(startAt)]));
    },
    record(event) {
      if (!started || terminated) return;
      const at = options.now();
      enqueue(() => send(statements.forEvent(event, at)));
    },
    terminate() {
      if (!started || terminated) return;
      terminated = true;
      const at = options.now();
      enqueue(() => send([statements.terminated(at)], true));
    },
    idle: () => chain,
    launchData: () => data,
  };
}
