import { describe, expect, it } from 'vitest';
import { parseCmi5Launch, type Cmi5Launch } from './cmi5-launch';
import { createCmi5Session } from './cmi5-session';
import { CMI5 } from './cmi5-statements';
import { ACTOR, AU, REGISTRATION, answered, launchSearch } from './testing/fixtures';
import type { EmbedTarget, ScorePolicy, XapiStatement } from './xapi';

interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  keepalive: boolean;
}

type Reply = { status: number; json?: unknown } | 'network-error';

/** A fake fetch that records requests and answers by URL prefix. */
function fakeLms(replies: Partial<Record<'token' | 'state' | 'statements', Reply>> = {}) {
  const requests: Recorded[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    requests.push({
      url,
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      keepalive: init?.keepalive ?? false,
    });
    const which = url.startsWith('https://lms.example/token')
      ? 'token'
      : url.includes('/activities/state')
        ? 'state'
        : 'statements';
    const fallback: Record<string, Reply> = {
      token: { status: 200, json: { 'auth-token': 'dG9rZW4=' } },
      state: {
        status: 200,
        json: {
          launchMode: 'Normal',
          masteryScore: 0.5,
          moveOn: 'CompletedAndPassed',
          contextTemplate: {
            contextActivities: {
              grouping: [{ objectType: 'Activity', id: 'https://lms.example/course' }],
            },
            extensions: { [CMI5.sessionId]: 'session-7' },
          },
        },
      },
      statements: { status: 200, json: ['id'] },
    };
    const reply = replies[which] ?? fallback[which];
    if (reply === 'network-error' || reply === undefined) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.json ?? null), { status: reply.status });
  }) as typeof fetch;
  return { requests, fetchImpl };
}

function session(
  lms: ReturnType<typeof fakeLms>,
  target: EmbedTarget = { kind: 'check', id: 'roofline', lessonSlug: 'roofline' },
  mastery: number | null = null,
  scoring: ScorePolicy = 'first',
) {
  const errors: string[] = [];
  let n = 0;
  let ms = Date.parse('2026-01-01T00:00:00.000Z');
  const launch = parseCmi5Launch(launchSearch()) as Cmi5Launch;
  const s = createCmi5Session({
    launch,
    target,
    siteBase: 'https://lab.example/',
    mastery,
    scoring,
    fetchImpl: lms.fetchImpl,
    now: () => new Date((ms += 1000)),
    uuid: () => `uuid-${n++}`,
    onError: (message) => errors.push(message),
  });
  return { s, errors };
}

const statementsOf = (requests: Recorded[]) =>
  requests.filter((r) => r.url.endsWith('/statements')).flatMap((r) => r.body as XapiStatement[]);

describe('a cmi5 session', () => {
  it('gets the token, reads LaunchData, then sends initialized, in that order, with the right headers', async () => {
    const lms = fakeLms();
    const { s, errors } = session(lms);
    s.start();
    await s.idle();
    expect(errors).toEqual([]);
    expect(lms.requests.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
      'POST https://lms.example/token',
      'GET https://lrs.example/xapi/activities/state',
      'POST https://lrs.example/xapi/statements',
    ]);
    const state = new URL(lms.requests[1]?.url ?? '');
    expect(Object.fromEntries(state.searchParams)).toEqual({
      stateId: 'LMS.LaunchData',
      activityId: AU,
      agent: JSON.stringify(ACTOR),
      registration: REGISTRATION,
    });
    for (const request of lms.requests.slice(1)) {
      expect(request.headers.Authorization).toBe('Basic dG9rZW4=');
      expect(request.headers['X-Experience-API-Version']).toBe('1.0.3');
    }
    expect(statementsOf(lms.requests)).toEqual([
      {
        id: 'uuid-0',
        timestamp: '2026-01-01T00:00:02.000Z',
        actor: ACTOR,
        verb: {
          id: 'http://adlnet.gov/expapi/verbs/initialized',
          display: { 'en-US': 'initialized' },
        },
        object: { objectType: 'Activity', id: AU },
        context: {
          registration: REGISTRATION,
          contextActivities: {
            grouping: [{ objectType: 'Activity', id: 'https://lms.example/course' }],
            category: [{ objectType: 'Activity', id: CMI5.categoryCmi5 }],
          },
          extensions: { [CMI5.sessionId]: 'session-7' },
        },
      },
    ]);
    expect(s.launchData()?.moveOn).toBe('CompletedAndPassed');
  });

  it('sends answers as cmi5-allowed statements and the AU completed and passed, then terminated with keepalive', async () => {
    const lms = fakeLms();
    const { s } = session(lms, { kind: 'quiz', id: 'q1', lessonSlug: 'roofline' });
    s.start();
    s.record(answered); // queued before start finishes: must still come after initialized
    s.record(answered);
    s.terminate();
    s.record(answered); // after terminate: dropped
    await s.idle();
    const sent = statementsOf(lms.requests);
    expect(sent.map((x) => x.verb.display['en-US'])).toEqual([
      'initialized',
      'answered',
      'completed',
      'passed',
      'answered',
      'terminated',
    ]);
    const [, answer, completed, passed, , terminated] = sent;
    expect(answer?.object.id).toBe('https://lab.example/#/embed/quiz/q1');
    expect(answer?.actor).toEqual(ACTOR);
    expect(answer?.context).toEqual({
      registration: REGISTRATION,
      contextActivities: {
        grouping: [{ objectType: 'Activity', id: 'https://lms.example/course' }],
        parent: [
          {
            objectType: 'Activity',
            id: 'https://lab.example/#/lesson/roofline',
            definition: { type: 'http://adlnet.gov/expapi/activities/lesson' },
          },
        ],
      },
      extensions: { [CMI5.sessionId]: 'session-7' },
    });
    expect(completed?.object).toEqual({ objectType: 'Activity', id: AU });
    expect(completed?.result).toEqual({ completion: true, duration: 'PT2S' });
    expect(completed?.context?.contextActivities?.category).toEqual([
      { objectType: 'Activity', id: CMI5.categoryCmi5 },
      { objectType: 'Activity', id: CMI5.categoryMoveOn },
    ]);
    expect(passed?.result).toMatchObject({ success: true, score: { scaled: 1 } });
    expect(passed?.context?.extensions).toEqual({
      [CMI5.sessionId]: 'session-7',
      [CMI5.masteryScore]: 0.5,
    });
    expect(terminated?.object.id).toBe(AU);
    expect(terminated?.result?.duration).toMatch(/^PT\d+(\.\d+)?S$/);
    const last = lms.requests.at(-1);
    expect(last?.keepalive).toBe(true);
    expect(lms.requests.filter((r) => r.keepalive)).toHaveLength(1);
  });

  it('turns a finished check into the AU completed and failed below the mastery score', async () => {
    const lms = fakeLms();
    const { s } = session(lms);
    s.start();
    s.record({
      kind: 'check-completed',
      lessonSlug: 'roofline',
      lessonTitle: 'R',
      correct: 4,
      firstCorrect: 1,
      bestCorrect: 4,
      total: 4,
      attempts: 2,
    });
    await s.idle();
    const sent = statementsOf(lms.requests);
    expect(sent.map((x) => x.verb.display['en-US'])).toEqual([
      'initialized',
      'completed',
      'failed',
    ]);
    expect(sent[2]?.result).toMatchObject({
      success: false,
      score: { raw: 1, min: 0, max: 4, scaled: 0.25 },
    });
  });

  it('sends no completed, passed or failed in Review mode, and falls back to its own grouping and session id', async () => {
    const lms = fakeLms({ state: { status: 200, json: { launchMode: 'Review' } } });
    const { s } = session(lms, { kind: 'quiz', id: 'q1', lessonSlug: null }, 0.5);
    s.start();
    s.record(answered);
    await s.idle();
    const sent = statementsOf(lms.requests);
    expect(sent.map((x) => x.verb.display['en-US'])).toEqual(['initialized', 'answered']);
    expect(sent[0]?.context?.contextActivities?.grouping).toEqual([
      { objectType: 'Activity', id: AU },
    ]);
    expect(sent[0]?.context?.extensions?.[CMI5.sessionId]).toMatch(/^uuid-/);
  });

  it('reports a refused token once and sends nothing after it', async () => {
    const lms = fakeLms({
      token: { status: 200, json: { 'error-code': '1', 'error-text': 'Already used' } },
    });
    const { s, errors } = session(lms);
    s.start();
    s.record(answered);
    s.terminate();
    await s.idle();
    expect(errors).toEqual(['The LMS gave no auth token: Already used']);
    expect(lms.requests).toHaveLength(1);
  });

  it('reports HTTP and network failures with readable messages and keeps going', async () => {
    const lms = fakeLms({ state: { status: 404 }, statements: 'network-error' });
    const { s, errors } = session(lms, { kind: 'quiz', id: 'q1', lessonSlug: null });
    s.start();
    s.record(answered);
    await expect(s.idle()).resolves.toBeUndefined();
    expect(errors).toEqual([
      'The LMS refused the launch data (HTTP 404).',
      'The LMS could not be reached for the “initialized” statement.',
      'The LMS could not be reached for the statements.',
    ]);
    expect(lms.requests).toHaveLength(4);
  });

  it('never throws when fetch itself throws synchronously or the token reply is not JSON', async () => {
    const errors: string[] = [];
    const s = createCmi5Session({
      launch: parseCmi5Launch(launchSearch()) as Cmi5Launch,
      target: { kind: 'widget', id: 'race', lessonSlug: null },
      siteBase: 'https://lab.example/',
      mastery: null,
      scoring: 'first',
      fetchImpl: (() => {
        throw new Error('boom');
      }) as unknown as typeof fetch,
      now: () => new Date(0),
      uuid: () => 'u',
      onError: (message) => errors.push(message),
    });
    s.start();
    await s.idle();
    expect(errors).toEqual(['The LMS could not be reached for the auth token.']);

    const notJson = fakeLms({ token: { status: 200, json: 'plain' } });
    const second = session(notJson);
    second.s.start();
    await second.s.idle();
    expect(second.errors).toEqual(['The LMS gave no auth token; nothing will be recorded.']);
  });

  it('does nothing before start and nothing networked for record or terminate alone', async () => {
    const lms = fakeLms();
    const { s } = session(lms);
    s.record(answered);
    s.terminate();
    await s.idle();
    expect(lms.requests).toEqual([]);
  });
});
