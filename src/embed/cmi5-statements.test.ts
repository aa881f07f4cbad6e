import { describe, expect, it } from 'vitest';
import { parseCmi5Launch, parseLaunchData, type Cmi5Launch } from './cmi5-launch';
import { CMI5, createCmi5Statements, isoDuration } from './cmi5-statements';
import type { LearningEvent } from './learning-events';
import { AU, answered, launchSearch } from './testing/fixtures';
import type { EmbedTarget, ScorePolicy, XapiStatement } from './xapi';

/** Statements for `target`, with LaunchData (Normal mode) taken in unless told otherwise. */
function statementsFor(
  target: EmbedTarget,
  mastery: number | null,
  takeLaunchData = true,
  scoring: ScorePolicy = 'first',
) {
  let n = 0;
  const statements = createCmi5Statements({
    launch: parseCmi5Launch(launchSearch()) as Cmi5Launch,
    target,
    siteBase: 'https://lab.example/',
    mastery,
    scoring,
    startedAt: new Date('2026-01-01T00:00:00.000Z'),
    uuid: () => `uuid-${n++}`,
  });
  if (takeLaunchData) statements.useLaunchData(parseLaunchData({}), 's-1');
  return statements;
}

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
const verbs = (sent: XapiStatement[]) => sent.map((s) => s.verb.display['en-US']);

/** The `attempt`th answer to q1, right or not, after a wrong first answer when attempt > 1. */
const answer = (correct: boolean, attempt = 1): LearningEvent => ({
  ...answered,
  correct,
  attempt,
  firstCorrect: attempt === 1 ? correct : false,
  bestCorrect: correct,
});

const run: LearningEvent = {
  kind: 'widget-run',
  widgetId: 'race',
  widgetLabel: 'Race',
  summary: 'GPU 3.1x faster',
};

describe('isoDuration', () => {
  it('writes durations in seconds', () => {
    expect(isoDuration(12_345)).toBe('PT12.35S');
    expect(isoDuration(0)).toBe('PT0S');
    expect(isoDuration(-5)).toBe('PT0S');
  });
});

describe('the statements of a cmi5 session', () => {
  it('keeps a quiz failed after a wrong first answer under attempts=first (the default)', () => {
    const s = statementsFor({ kind: 'quiz', id: 'q1', lessonSlug: null }, 0.5);
    expect(verbs(s.forEvent(answer(false), at(1)))).toEqual(['answered', 'completed', 'failed']);
    const retried = s.forEvent(answer(true, 2), at(2));
    expect(verbs(retried)).toEqual(['answered', 'failed']);
    expect(retried[1]?.result).toMatchObject({
      success: false,
      score: { raw: 0, scaled: 0 },
      extensions: { 'https://lab.example/#/xapi/extensions/attempts': 2 },
    });
  });

  it.each(['last', 'best'] as const)(
    'under attempts=%s, sends failed, then passed once a later answer is right, then nothing more',
    (policy) => {
      const s = statementsFor({ kind: 'quiz', id: 'q1', lessonSlug: null }, 0.5, true, policy);
      expect(verbs(s.forEvent(answer(false), at(1)))).toEqual(['answered', 'completed', 'failed']);
      expect(verbs(s.forEvent(answer(true, 2), at(2)))).toEqual(['answered', 'passed']);
      expect(verbs(s.forEvent(answer(true, 3), at(3)))).toEqual(['answered']);
    },
  );

  it('completes a widget AU on its run, once, with no pass or fail (a run has no score)', () => {
    const s = statementsFor({ kind: 'widget', id: 'race', lessonSlug: null }, 0.5);
    const first = s.forEvent(run, at(4));
    expect(verbs(first)).toEqual(['interacted', 'completed']);
    expect(first[1]?.result).toEqual({ completion: true, duration: 'PT4S' });
    expect(verbs(s.forEvent(run, at(5)))).toEqual(['interacted']);
  });

  it('earns the AU nothing for an event that does not finish it, nor before LaunchData', () => {
    const widget = statementsFor({ kind: 'widget', id: 'race', lessonSlug: null }, null);
    expect(verbs(widget.forEvent(answer(true), at(1)))).toEqual(['answered']);
    const early = statementsFor({ kind: 'quiz', id: 'q1', lessonSlug: null }, 0.5, false);
    expect(verbs(early.forEvent(answer(true), at(1)))).toEqual(['answered']);
  });

  it('puts the AU, its session id and the cmi5 category on initialized and terminated', () => {
    const s = statementsFor({ kind: 'quiz', id: 'q1', lessonSlug: null }, null);
    const initialized = s.initialized(at(0));
    expect(initialized).toMatchObject({ id: 'uuid-0', object: { id: AU } });
    expect(initialized.context?.extensions).toEqual({ [CMI5.sessionId]: 's-1' });
    expect(initialized.context?.contextActivities?.category).toEqual([
      { objectType: 'Activity', id: CMI5.categoryCmi5 },
    ]);
    expect(s.terminated(at(90)).result).toEqual({ duration: 'PT90S' });
  });
});
