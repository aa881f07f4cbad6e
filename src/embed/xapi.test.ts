import { describe, expect, it } from 'vitest';
import type { AnsweredEvent, CheckCompletedEvent, LearningEvent } from './learning-events';
import {
  buildStatements,
  checkScore,
  MAX_TEXT_CHARS,
  uuidV4,
  withoutActor,
  type StatementSetting,
  type XapiAgent,
} from './xapi';
import { answered as rightAnswer } from './testing/fixtures';

const SITE = 'https://lab.example/course/';
const WHEN = new Date('2026-01-02T03:04:05.678Z');
const learner: XapiAgent = {
  name: 'Ada',
  account: { homePage: 'https://lms.example', name: 'u42' },
};

function setting(overrides: Partial<StatementSetting> = {}): StatementSetting {
  let n = 0;
  return {
    target: { kind: 'quiz', id: 'q-roofline', lessonSlug: 'roofline' },
    siteBase: SITE,
    actor: null,
    mastery: null,
    scoring: 'first',
    now: () => WHEN,
    uuid: () => `00000000-0000-4000-8000-00000000000${n++}`,
    ...overrides,
  };
}

/** The shared right answer, asked as the roofline lesson's question. */
const answered: AnsweredEvent = {
  ...rightAnswer,
  questionId: 'q-roofline',
  question: 'Which bound limits this kernel?',
};

/** GPU Lab's result extension `name`, under the site base. */
const ext = (name: string) => `${SITE}#/xapi/extensions/${name}`;

const lessonParent = {
  contextActivities: {
    parent: [
      {
        objectType: 'Activity',
        id: `${SITE}#/lesson/roofline`,
        definition: { type: 'http://adlnet.gov/expapi/activities/lesson' },
      },
    ],
  },
};

describe('answered statements', () => {
  it('name each choice of a choice question, and join a multiple answer with [,]', () => {
    const [single] = buildStatements(
      {
        ...answered,
        response: 'k2',
        choices: [
          { id: 'k1', text: 'Compute' },
          { id: 'k2', text: 'Memory' },
        ],
      },
      setting(),
    );
    expect(single?.object.definition?.choices).toEqual([
      { id: 'k1', description: { 'en-US': 'Compute' } },
      { id: 'k2', description: { 'en-US': 'Memory' } },
    ]);
    expect(single?.result?.response).toBe('k2');
    const [multiple] = buildStatements(
      {
        ...answered,
        questionKind: 'multiple',
        interactionType: 'choice',
        response: 'k1 k3',
        choices: [
          { id: 'k1', text: 'a' },
          { id: 'k3', text: 'b' },
        ],
      },
      setting(),
    );
    expect(multiple?.result?.response).toBe('k1[,]k3');
    // A numeric answer keeps its text as typed, and has no choices.
    const [numeric] = buildStatements(
      { ...answered, questionKind: 'numeric', interactionType: 'numeric', response: '1.5 ms' },
      setting(),
    );
    expect(numeric?.result?.response).toBe('1.5 ms');
    expect(numeric?.object.definition?.choices).toBeUndefined();
  });

  it('have the exact documented shape, without an actor when none was given', () => {
    expect(buildStatements(answered, setting())).toEqual([
      {
        id: '00000000-0000-4000-8000-000000000000',
        timestamp: '2026-01-02T03:04:05.678Z',
        verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } },
        object: {
          objectType: 'Activity',
          id: `${SITE}#/embed/quiz/q-roofline`,
          definition: {
            type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
            name: { 'en-US': 'Which bound limits this kernel?' },
            interactionType: 'choice',
          },
        },
        result: {
          success: true,
          response: 'memory',
          score: { raw: 1, min: 0, max: 1, scaled: 1 },
          extensions: {
            [ext('attempts')]: 1,
            [ext('scoring')]: 'first',
            [ext('scores')]: { first: 1, last: 1, best: 1 },
          },
        },
        context: lessonParent,
      },
    ]);
  });

  it('carry the actor when the host gave one, and score 0 for a wrong answer', () => {
    const [statement] = buildStatements(
      { ...answered, correct: false, firstCorrect: false, bestCorrect: false },
      setting({ actor: learner }),
    );
    expect(statement?.actor).toEqual(learner);
    expect(statement?.result).toMatchObject({
      success: false,
      response: 'memory',
      score: { raw: 0, min: 0, max: 1, scaled: 0 },
    });
    expect(statement && 'actor' in withoutActor(statement)).toBe(false);
    expect(statement?.actor).toEqual(learner); // withoutActor copies
  });

  it('leave out the context when the embed has no lesson', () => {
    const [statement] = buildStatements(
      answered,
      setting({ target: { kind: 'quiz', id: 'q', lessonSlug: null } }),
    );
    expect(statement && 'context' in statement).toBe(false);
  });

  it('cut very long question text and responses', () => {
    const [statement] = buildStatements(
      { ...answered, question: 'x'.repeat(5000), response: 'y'.repeat(5000) },
      setting(),
    );
    expect(Array.from(statement?.object.definition?.name?.['en-US'] ?? '')).toHaveLength(
      MAX_TEXT_CHARS,
    );
    expect(Array.from(statement?.result?.response ?? '')).toHaveLength(MAX_TEXT_CHARS);
  });
});

describe('a retried answer', () => {
  // Wrong at first, right at the third answer.
  const retried: AnsweredEvent = {
    ...answered,
    correct: true,
    attempt: 3,
    firstCorrect: false,
    bestCorrect: true,
  };

  it.each([
    ['first', false],
    ['last', true],
    ['best', true],
  ] as const)(
    'scores under attempts=%s as success %s, with its attempt number',
    (policy, success) => {
      const [statement] = buildStatements(retried, setting({ scoring: policy }));
      const score = success ? 1 : 0;
      expect(statement?.result).toEqual({
        success,
        response: 'memory',
        score: { raw: score, min: 0, max: 1, scaled: score },
        extensions: {
          [ext('attempts')]: 3,
          [ext('scoring')]: policy,
          [ext('scores')]: { first: 0, last: 1, best: 1 },
        },
      });
    },
  );

  it('marks a revealed answer, which is not right even when it matches', () => {
    const revealed: AnsweredEvent = {
      ...retried,
      correct: false,
      bestCorrect: false,
      revealed: true,
    };
    for (const policy of ['first', 'last', 'best'] as const) {
      const [statement] = buildStatements(revealed, setting({ scoring: policy }));
      expect(statement?.result?.success).toBe(false);
      expect(statement?.result?.extensions?.[ext('revealed')]).toBe(true);
    }
  });
});

describe('widget-run statements', () => {
  it('say interacted with a simulation whose id holds no settings', () => {
    const event: LearningEvent = {
      kind: 'widget-run',
      widgetId: 'race',
      widgetLabel: 'CPU vs GPU race',
      summary: 'GPU 3.1x faster',
    };
    const [statement] = buildStatements(
      event,
      setting({ target: { kind: 'widget', id: 'race', lessonSlug: 'why-gpus' } }),
    );
    expect(statement).toEqual({
      id: '00000000-0000-4000-8000-000000000000',
      timestamp: '2026-01-02T03:04:05.678Z',
      verb: {
        id: 'http://adlnet.gov/expapi/verbs/interacted',
        display: { 'en-US': 'interacted' },
      },
      object: {
        objectType: 'Activity',
        id: `${SITE}#/embed/race`,
        definition: {
          type: 'http://adlnet.gov/expapi/activities/simulation',
          name: { 'en-US': 'CPU vs GPU race' },
        },
      },
      result: { response: 'GPU 3.1x faster' },
      context: {
        contextActivities: {
          parent: [
            {
              objectType: 'Activity',
              id: `${SITE}#/lesson/why-gpus`,
              definition: { type: 'http://adlnet.gov/expapi/activities/lesson' },
            },
          ],
        },
      },
    });
  });
});

describe('check-completed statements', () => {
  const done: CheckCompletedEvent = {
    kind: 'check-completed',
    lessonSlug: 'roofline',
    lessonTitle: 'The roofline',
    correct: 3,
    firstCorrect: 3,
    bestCorrect: 3,
    total: 4,
    attempts: 1,
  };
  const checkSetting = (mastery: number | null, scoring: StatementSetting['scoring'] = 'first') =>
    setting({
      target: { kind: 'check', id: 'roofline', lessonSlug: 'roofline' },
      mastery,
      scoring,
    });
  const checkExtensions = (
    scoring: string,
    attempts: number,
    first: number,
    last: number,
    best: number,
  ) => ({
    [ext('attempts')]: attempts,
    [ext('scoring')]: scoring,
    [ext('scores')]: { first, last, best },
  });

  it('say completed with the score, and nothing more without a mastery level', () => {
    expect(buildStatements(done, checkSetting(null))).toEqual([
      {
        id: '00000000-0000-4000-8000-000000000000',
        timestamp: '2026-01-02T03:04:05.678Z',
        verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
        object: {
          objectType: 'Activity',
          id: `${SITE}#/embed/check/roofline`,
          definition: {
            type: 'http://adlnet.gov/expapi/activities/assessment',
            name: { 'en-US': 'Check yourself: The roofline' },
          },
        },
        result: {
          completion: true,
          score: { raw: 3, min: 0, max: 4, scaled: 0.75 },
          extensions: checkExtensions('first', 1, 3, 3, 3),
        },
        context: lessonParent,
      },
    ]);
  });

  it('add passed at or above the mastery level and failed below it', () => {
    const atLevel = buildStatements(done, checkSetting(0.75));
    expect(atLevel.map((s) => s.verb.id)).toEqual([
      'http://adlnet.gov/expapi/verbs/completed',
      'http://adlnet.gov/expapi/verbs/passed',
    ]);
    expect(atLevel[1]?.result).toEqual({
      success: true,
      score: { raw: 3, min: 0, max: 4, scaled: 0.75 },
      extensions: checkExtensions('first', 1, 3, 3, 3),
    });
    expect(atLevel[1]?.object).toEqual(atLevel[0]?.object);
    expect(atLevel[0]?.id).not.toBe(atLevel[1]?.id);
    const below = buildStatements(done, checkSetting(0.8));
    expect(below[1]?.verb).toEqual({
      id: 'http://adlnet.gov/expapi/verbs/failed',
      display: { 'en-US': 'failed' },
    });
    expect(below[1]?.result?.success).toBe(false);
  });

  it('score a retried check by the policy the host chose: the first answers by default', () => {
    // 1 of 3 right at first; after retries, 3 of 3 now; the most answers one question took: 3.
    const retried = { ...done, correct: 3, firstCorrect: 1, bestCorrect: 3, total: 3, attempts: 3 };
    const first = buildStatements(retried, checkSetting(0.7));
    expect(first.map((s) => s.verb.display['en-US'])).toEqual(['completed', 'failed']);
    for (const statement of first) {
      expect(statement.result).toMatchObject({
        score: { raw: 1, min: 0, max: 3, scaled: 1 / 3 },
        extensions: checkExtensions('first', 3, 1, 3, 3),
      });
    }
    const last = buildStatements(retried, checkSetting(0.7, 'last'));
    expect(last.map((s) => s.verb.display['en-US'])).toEqual(['completed', 'passed']);
    expect(last[1]?.result).toMatchObject({ success: true, score: { raw: 3, scaled: 1 } });
    const best = buildStatements({ ...retried, correct: 2 }, checkSetting(0.7, 'best'));
    expect(best[1]?.result).toMatchObject({
      success: true,
      score: { raw: 3 },
      extensions: checkExtensions('best', 3, 1, 2, 3),
    });
  });

  it('clamp impossible counts and drop the score of an empty check', () => {
    expect(checkScore(9, 4)).toEqual({ raw: 4, min: 0, max: 4, scaled: 1 });
    expect(checkScore(-2, 4)).toEqual({ raw: 0, min: 0, max: 4, scaled: 0 });
    expect(checkScore(Number.NaN, 4)).toEqual({ raw: 0, min: 0, max: 4, scaled: 0 });
    expect(checkScore(1, 0)).toBeNull();
    expect(checkScore(1, Number.POSITIVE_INFINITY)).toBeNull();
    const empty = buildStatements(
      { ...done, correct: 0, firstCorrect: 0, bestCorrect: 0, total: 0 },
      checkSetting(0.5),
    );
    expect(empty).toHaveLength(1);
    expect(empty[0]?.result).toEqual({ completion: true });
  });
});

describe('uuidV4', () => {
  it('sets the version and variant bits and formats 16 bytes', () => {
    expect(uuidV4(() => new Uint8Array(16).fill(0xff))).toBe(
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
    );
    expect(uuidV4(() => new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000');
  });
});
