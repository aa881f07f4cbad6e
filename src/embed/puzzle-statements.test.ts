import { describe, expect, it } from 'vitest';
import { parseCmi5Launch, parseLaunchData, type Cmi5Launch } from './cmi5-launch';
import { createCmi5Statements } from './cmi5-statements';
import type { LearningEvent } from './learning-events';
import { launchSearch } from './testing/fixtures';
import { buildStatements, type EmbedTarget } from './xapi';

const solved: LearningEvent = {
  kind: 'puzzle-solved',
  puzzleId: 'tiled-matmul',
  puzzleTitle: 'Tiled matmul',
  cases: 6,
};
const target: EmbedTarget = { kind: 'puzzle', id: 'tiled-matmul', lessonSlug: null };
const WHEN = new Date('2026-01-01T00:00:05.000Z');

describe("a solved puzzle's statements", () => {
  it('is one completed statement about the puzzle, with success and a full score', () => {
    const [statement, ...rest] = buildStatements(solved, {
      target,
      siteBase: 'https://lab.example/',
      actor: null,
      mastery: null,
      scoring: 'first',
      now: () => WHEN,
      uuid: () => 'u-1',
    });
    expect(rest).toEqual([]);
    expect(statement).toEqual({
      id: 'u-1',
      timestamp: WHEN.toISOString(),
      verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
      object: {
        objectType: 'Activity',
        id: 'https://lab.example/#/embed/puzzle/tiled-matmul',
        definition: {
          type: 'http://adlnet.gov/expapi/activities/assessment',
          name: { 'en-US': 'WGSL puzzle: Tiled matmul' },
        },
      },
      result: {
        completion: true,
        success: true,
        score: { raw: 1, min: 0, max: 1, scaled: 1 },
        response: "passed at 6 sizes on the learner's GPU",
      },
    });
  });

  it('names a Triton puzzle as one, under its own address', () => {
    const [statement] = buildStatements(
      { ...solved, puzzleId: 'vector-add', puzzleTitle: 'Vector add', language: 'triton' },
      {
        target: { kind: 'triton', id: 'vector-add', lessonSlug: null },
        siteBase: 'https://lab.example/',
        actor: null,
        mastery: null,
        scoring: 'first',
        now: () => WHEN,
        uuid: () => 'u-2',
      },
    );
    expect(statement?.object).toEqual({
      objectType: 'Activity',
      id: 'https://lab.example/#/embed/triton/vector-add',
      definition: {
        type: 'http://adlnet.gov/expapi/activities/assessment',
        name: { 'en-US': 'Triton puzzle: Vector add' },
      },
    });
    expect(statement?.result?.response).toBe('passed at 6 sizes');
  });

  it("completes and passes a cmi5 AU that is the puzzle, once, with the AU's own verbs only", () => {
    let n = 0;
    const statements = createCmi5Statements({
      launch: parseCmi5Launch(launchSearch()) as Cmi5Launch,
      target,
      siteBase: 'https://lab.example/',
      mastery: 0.8,
      scoring: 'first',
      startedAt: new Date('2026-01-01T00:00:00.000Z'),
      uuid: () => `uuid-${n++}`,
    });
    statements.useLaunchData(parseLaunchData({}), 's-1');
    const verbs = (at: Date) => statements.forEvent(solved, at).map((s) => s.verb.display['en-US']);
    expect(verbs(WHEN)).toEqual(['completed', 'passed']);
    expect(verbs(WHEN)).toEqual([]);
  });
});
