import { describe, expect, it } from 'vitest';
import { checkAgent, parseAgent } from './agent';
import type { XapiAgent } from './xapi';

const learner: XapiAgent = {
  name: 'Ada',
  account: { homePage: 'https://lms.example', name: 'u42' },
};

describe('checkAgent', () => {
  it('accepts each kind of identifier and returns a fresh copy', () => {
    const ok: unknown[] = [
      { mbox: 'mailto:ada@example.org' },
      { objectType: 'Agent', name: 'Ada', mbox_sha1sum: 'a'.repeat(40) },
      { openid: 'https://id.example/ada' },
      learner,
      JSON.parse('{"account":{"homePage":"http://lms.example","name":"u1"}}'),
    ];
    for (const value of ok) {
      const checked = checkAgent(value);
      expect(checked.reason).toBeNull();
      expect(checked.agent).toEqual(value);
      expect(checked.agent).not.toBe(value);
    }
  });

  it('refuses everything else with a reason', () => {
    const bad: unknown[] = [
      null,
      'ada',
      42,
      [],
      [{ mbox: 'mailto:a@b.c' }],
      {},
      { name: 'Ada' },
      { mbox: 'mailto:a@b.c', openid: 'https://id.example/a' },
      { mbox: 'ada@example.org' },
      { mbox: 'mailto:not an address' },
      { mbox_sha1sum: 'xyz' },
      { mbox_sha1sum: 'a'.repeat(41) },
      { openid: 'javascript:alert(1)' },
      { openid: 'not a url' },
      { account: { homePage: 'https://lms.example' } },
      { account: { homePage: 'ftp://lms.example', name: 'u' } },
      { account: { homePage: 'https://lms.example', name: 'u', extra: 1 } },
      { account: 'u42' },
      { objectType: 'Group', mbox: 'mailto:a@b.c' },
      { mbox: 'mailto:a@b.c', role: 'admin' },
      { mbox: 'mailto:a@b.c', name: 'n'.repeat(201) },
      { mbox: 'mailto:a@b.c', name: 'Ada\u202eevil' },
      { mbox: 'mailto:a@b.c', name: 7 },
      JSON.parse('{"__proto__":{"polluted":1},"mbox":"mailto:a@b.c"}'),
      JSON.parse('{"constructor":{"prototype":{}},"mbox":"mailto:a@b.c"}'),
      Object.create({ mbox: 'mailto:a@b.c' }),
      new (class Agent {
        mbox = 'mailto:a@b.c';
      })(),
      Object.defineProperty({}, 'mbox', { get: () => 'mailto:a@b.c', enumerable: true }),
      { [Symbol('x')]: 1, mbox: 'mailto:a@b.c' },
    ];
    for (const value of bad) {
      const checked = checkAgent(value);
      expect(checked.agent, JSON.stringify(value) ?? String(value)).toBeNull();
      expect(checked.reason).toMatch(/\w/);
      expect(parseAgent(value)).toBeNull();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
