// @vitest-environment jsdom
// @vitest-pool threads: its fake fetch answers with Node's Response, which a VM context's code cannot read.
import { describe, expect, it, vi } from 'vitest';
import { fakeWindow, noParams, startBridge } from './testing/fake-host-window';
import { answered } from './testing/fixtures';

const ACTOR = { mbox: 'mailto:ada@example.org' };

describe('the host bridge, recording learning', () => {
  it('posts one statement message per learning event, with the actor when the origin is known', () => {
    const fake = fakeWindow({ ancestorOrigins: ['https://host.example'] });
    const { channel } = startBridge(fake, { params: { ...noParams, frame: 'f', actor: ACTOR } });
    fake.posts.length = 0;
    channel.publish(answered);
    expect(fake.posts).toHaveLength(1);
    expect(fake.posts[0]?.origin).toBe('https://host.example');
    expect(fake.posts[0]?.message).toMatchObject({
      type: 'gpulab:statement',
      version: 1,
      frame: 'f',
      statement: {
        id: 'id-0',
        timestamp: '2026-03-04T05:06:07.000Z',
        actor: ACTOR,
        verb: { id: 'http://adlnet.gov/expapi/verbs/answered' },
        object: { id: 'https://lab.example/course/#/embed/quiz/q1' },
      },
    });
  });

  it('scores answers by the policy of the link: first answers unless it says otherwise', () => {
    // A right answer after a wrong first one.
    const retried = { ...answered, attempt: 2, firstCorrect: false };
    const success = (params = noParams) => {
      const fake = fakeWindow({ ancestorOrigins: ['https://host.example'] });
      const { channel } = startBridge(fake, { params });
      channel.publish(retried);
      const message = fake.posts.at(-1)?.message as { statement: { result: { success: boolean } } };
      return message.statement.result.success;
    };
    expect(success()).toBe(false);
    expect(success({ ...noParams, scoring: 'last' })).toBe(true);
  });

  it('takes the actor from a configure message', () => {
    const fake = fakeWindow({ referrer: 'https://host.example/page?x=1' });
    const { channel } = startBridge(fake);
    fake.receive({ type: 'gpulab:configure', version: 1, actor: ACTOR });
    fake.posts.length = 0;
    channel.publish(answered);
    expect(fake.posts[0]?.origin).toBe('https://host.example');
    expect(fake.posts[0]?.message).toMatchObject({ statement: { actor: ACTOR } });
  });

  it("posts to '*' without the actor when the parent's origin is unknown", () => {
    const fake = fakeWindow();
    const { channel } = startBridge(fake, { params: { ...noParams, actor: ACTOR } });
    fake.posts.length = 0;
    channel.publish(answered);
    expect(fake.posts[0]?.origin).toBe('*');
    const message = fake.posts[0]?.message as { statement: Record<string, unknown> };
    expect('actor' in message.statement).toBe(false);
    expect(message.statement.verb).toBeDefined();
  });

  it('runs a cmi5 session when launched by an LMS, and terminates it on pagehide', async () => {
    const query = new URLSearchParams({
      endpoint: 'https://lrs.example/xapi/',
      fetch: 'https://lms.example/token',
      actor: JSON.stringify({ account: { homePage: 'https://lms.example', name: 'u1' } }),
      registration: 'd4a9c8b2-1f3e-4c5d-9a8b-7c6d5e4f3a2b',
      activityId: 'https://lms.example/au/1',
    });
    const fake = fakeWindow({
      search: `?${query.toString()}`,
      ancestorOrigins: ['https://lms.example'],
    });
    const calls: string[] = [];
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown[]) : [];
      const verbs = body.map(
        (s) => (s as { verb: { display: Record<string, string> } }).verb.display['en-US'],
      );
      calls.push(
        `${init?.method ?? 'GET'} ${String(input).split('?')[0]} ${verbs.join(',')}`.trim(),
      );
      const json = String(input).includes('token') ? { 'auth-token': 'abc' } : {};
      return new Response(JSON.stringify(json), { status: 200 });
    }) as typeof fetch;
    const { channel, onNotice } = startBridge(fake, { fetchImpl });
    channel.publish(answered);
    fake.fire('pagehide');
    await vi.waitFor(() => expect(calls).toHaveLength(5));
    expect(calls).toEqual([
      'POST https://lms.example/token',
      'GET https://lrs.example/xapi/activities/state',
      'POST https://lrs.example/xapi/statements initialized',
      'POST https://lrs.example/xapi/statements answered,completed',
      'POST https://lrs.example/xapi/statements terminated',
    ]);
    expect(onNotice).not.toHaveBeenCalled();
    // The learner from the launch is posted to the parent too (its origin is known).
    const statement = fake.posts.find(
      (p) => (p.message as { type?: string }).type === 'gpulab:statement',
    );
    expect(statement?.message).toMatchObject({ statement: { actor: { account: { name: 'u1' } } } });
  });

  it('shows a notice for an incomplete cmi5 launch and sends nothing', () => {
    const fetchImpl = vi.fn();
    const fake = fakeWindow({ search: '?endpoint=https://lrs.example/' });
    const { onNotice } = startBridge(fake, { fetchImpl: fetchImpl as unknown as typeof fetch });
    expect(onNotice).toHaveBeenCalledWith(expect.stringMatching(/cmi5 launch was ignored/));
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
