/**
 * xAPI 1.0.3 for embedded GPU Lab pages: the pure builders (types in xapi-types.ts) that turn a learning event into the statements a
 * host records. Everything that varies (clock, ids, page address, learner) is passed in, so the
 * same event always gives the same statements in tests.
 */
import type { AnsweredEvent, CheckCompletedEvent, LearningEvent } from './learning-events';
import type {
  XapiAgent,
  XapiVerb,
  XapiActivity,
  XapiActivityDefinition,
  XapiScore,
  XapiResult,
  XapiStatement,
} from './xapi-types';

export type {
  LanguageMap,
  XapiAccount,
  XapiAgent,
  XapiVerb,
  XapiActivityDefinition,
  XapiInteractionComponent,
  XapiActivity,
  XapiScore,
  XapiResult,
  XapiContextActivities,
  XapiContext,
  XapiStatement,
  XapiInteractionType,
} from './xapi-types';

/** What an embed page shows: a widget, one question, a lesson's check or a puzzle; and the lesson holding it. */
export interface EmbedTarget {
  kind: 'widget' | 'quiz' | 'check' | 'puzzle' | 'triton';
  id: string;
  lessonSlug: string | null;
}

/** The ADL verbs GPU Lab uses. */
export const VERBS = {
  answered: verb('answered'),
  completed: verb('completed'),
  passed: verb('passed'),
  failed: verb('failed'),
  interacted: verb('interacted'),
  initialized: verb('initialized'),
  terminated: verb('terminated'),
} as const;

function verb(name: string): XapiVerb {
  return { id: `http://adlnet.gov/expapi/verbs/${name}`, display: { 'en-US': name } };
}

/** Activity type IRIs. */
export const ACTIVITY_TYPES = {
  interaction: 'http://adlnet.gov/expapi/activities/cmi.interaction',
  assessment: 'http://adlnet.gov/expapi/activities/assessment',
  simulation: 'http://adlnet.gov/expapi/activities/simulation',
  lesson: 'http://adlnet.gov/expapi/activities/lesson',
} as const;

/**
 * Which answer to each question a score counts: the first ever given (the default: a retry
 * teaches, it does not raise the score), the latest, or the best. A revealed answer (given the
 * day the learner asked to see the right one) is never right under any of them.
 */
export type ScorePolicy = 'first' | 'last' | 'best';

/** The score policies, in the order docs list them. */
export const SCORE_POLICIES: readonly ScorePolicy[] = ['first', 'last', 'best'];

/** The result extensions GPU Lab adds, by name; their IRIs are `<siteBase>#/xapi/extensions/<name>`. */
export const RESULT_EXTENSIONS = {
  /** How many answers: this answer's number for a question, the most any question took for a check. */
  attempts: 'attempts',
  /** The score policy the result's score and success follow: `first`, `last` or `best`. */
  scoring: 'scoring',
  /** The raw score under each policy: `{ "first": 1, "last": 3, "best": 3 }` (out of score.max). */
  scores: 'scores',
  /** True on an answer given after the learner asked to see the right one. */
  revealed: 'revealed',
} as const;

/** The IRI of one of GPU Lab's result extensions: `<siteBase>#/xapi/extensions/<name>`. */
export function extensionIri(siteBase: string, name: keyof typeof RESULT_EXTENSIONS): string {
  return `${siteBase}#/xapi/extensions/${RESULT_EXTENSIONS[name]}`;
}

/** Longest activity name or response copied into a statement, in characters. */
export const MAX_TEXT_CHARS = 500;

/** Everything a builder needs besides the event; all injected. */
export interface StatementSetting {
  target: EmbedTarget;
  /** The GPU Lab page address without search or hash (`https://host/path/`). */
  siteBase: string;
  /** The learner, only when the host provided one. */
  actor: XapiAgent | null;
  /** Share of correct answers (0..1) that passes a lesson check; null: no passed/failed. */
  mastery: number | null;
  /** Which answer to each question scores: see ScorePolicy. */
  scoring: ScorePolicy;
  now: () => Date;
  uuid: () => string;
}

/** The activity id of an embed route: `<siteBase>#/embed/<path>`. */
export function embedActivityId(siteBase: string, path: string): string {
  return `${siteBase}#/embed/${path}`;
}

/** The address of a lesson page: `<siteBase>#/lesson/<slug>`. */
export function lessonUrl(siteBase: string, slug: string): string {
  return `${siteBase}#/lesson/${encodeURIComponent(slug)}`;
}

/** Text cut to MAX_TEXT_CHARS (whole code points), for names and responses. */
export function boundText(text: string): string {
  const chars = Array.from(text);
  return chars.length > MAX_TEXT_CHARS ? `${chars.slice(0, MAX_TEXT_CHARS - 1).join('')}…` : text;
}

/**
 * The statements for one learning event: one for an answer, a widget run, or a completed check,
 * plus a passed or failed statement for a check when a mastery level is set.
 */
export function buildStatements(event: LearningEvent, setting: StatementSetting): XapiStatement[] {
  switch (event.kind) {
    case 'answered':
      return [answeredStatement(event, setting)];
    case 'widget-run':
      return [widgetRunStatement(event, setting)];
    case 'check-completed':
      return checkStatements(event, setting);
    case 'puzzle-solved':
      return [puzzleStatement(event, setting)];
  }
}

/** A solved puzzle: `completed`, with success, a full score and the sizes it was checked at. */
function puzzleStatement(
  event: Extract<LearningEvent, { kind: 'puzzle-solved' }>,
  setting: StatementSetting,
): XapiStatement {
  return base(
    setting,
    VERBS.completed,
    embedActivity(
      setting.siteBase,
      `${event.language === 'triton' ? 'triton' : 'puzzle'}/${encodeURIComponent(event.puzzleId)}`,
      ACTIVITY_TYPES.assessment,
      `${event.language === 'triton' ? 'Triton' : 'WGSL'} puzzle: ${event.puzzleTitle}`,
    ),
    {
      completion: true,
      success: true,
      score: { raw: 1, min: 0, max: 1, scaled: 1 },
      response: boundText(
        event.language === 'triton'
          ? `passed at ${event.cases} sizes`
          : `passed at ${event.cases} sizes on the learner's GPU`,
      ),
    },
    setting.target.lessonSlug,
  );
}

/**
 * The activity of an embed route: its id `<siteBase>#/embed/<path>`, its type and its name (cut
 * to MAX_TEXT_CHARS), and any further definition fields (an interaction's type and choices).
 */
function embedActivity(
  siteBase: string,
  path: string,
  type: string,
  name: string,
  more: Omit<XapiActivityDefinition, 'type' | 'name'> = {},
): XapiActivity {
  return {
    objectType: 'Activity',
    id: embedActivityId(siteBase, path),
    definition: { type, name: { 'en-US': boundText(name) }, ...more },
  };
}

function base(
  setting: StatementSetting,
  verbOf: XapiVerb,
  object: XapiActivity,
  result: XapiResult,
  lessonSlug: string | null,
): XapiStatement {
  const statement: XapiStatement = {
    id: setting.uuid(),
    timestamp: setting.now().toISOString(),
    verb: verbOf,
    object,
    result,
  };
  if (setting.actor) statement.actor = setting.actor;
  if (lessonSlug) {
    statement.context = {
      contextActivities: {
        parent: [
          {
            objectType: 'Activity',
            id: lessonUrl(setting.siteBase, lessonSlug),
            definition: { type: ACTIVITY_TYPES.lesson },
          },
        ],
      },
    };
  }
  return statement;
}

/** Whether an answer counts as right under a policy: the first answer, this one, or any. */
export function answerScore(
  event: Pick<AnsweredEvent, 'correct' | 'firstCorrect' | 'bestCorrect'>,
  policy: ScorePolicy,
): boolean {
  return policy === 'first'
    ? event.firstCorrect
    : policy === 'last'
      ? event.correct
      : event.bestCorrect;
}

/** A check's right answers under a policy. */
export function checkRaw(
  event: Pick<CheckCompletedEvent, 'correct' | 'firstCorrect' | 'bestCorrect'>,
  policy: ScorePolicy,
): number {
  return policy === 'first'
    ? event.firstCorrect
    : policy === 'last'
      ? event.correct
      : event.bestCorrect;
}

/** The result extensions of an answer or a check: attempts, the policy and each policy's score. */
function scoreExtensions(
  siteBase: string,
  attempts: number,
  policy: ScorePolicy,
  scores: Record<ScorePolicy, number>,
  revealed = false,
): Record<string, unknown> {
  const extensions: Record<string, unknown> = {
    [extensionIri(siteBase, 'attempts')]: attempts,
    [extensionIri(siteBase, 'scoring')]: policy,
    [extensionIri(siteBase, 'scores')]: scores,
  };
  if (revealed) extensions[extensionIri(siteBase, 'revealed')] = true;
  return extensions;
}

function answeredStatement(event: AnsweredEvent, setting: StatementSetting): XapiStatement {
  const success = answerScore(event, setting.scoring);
  const score = success ? 1 : 0;
  const { interactionType } = event;
  const withChoices = interactionType === 'choice' && event.choices && event.choices.length > 0;
  // xAPI separates the chosen ids of a choice response with "[,]"; saved answers use spaces.
  const response = withChoices
    ? event.response
        .split(' ')
        .filter((id) => id !== '')
        .join('[,]')
    : event.response;
  return base(
    setting,
    VERBS.answered,
    embedActivity(
      setting.siteBase,
      `quiz/${encodeURIComponent(event.questionId)}`,
      ACTIVITY_TYPES.interaction,
      event.question,
      {
        interactionType,
        ...(withChoices
          ? {
              choices: event.choices!.map((c) => ({
                id: c.id,
                description: { 'en-US': boundText(c.text) },
              })),
            }
          : {}),
      },
    ),
    {
      success,
      response: boundText(response),
      score: { raw: score, min: 0, max: 1, scaled: score },
      extensions: scoreExtensions(
        setting.siteBase,
        event.attempt,
        setting.scoring,
        {
          first: event.firstCorrect ? 1 : 0,
          last: event.correct ? 1 : 0,
          best: event.bestCorrect ? 1 : 0,
        },
        event.revealed,
      ),
    },
    setting.target.lessonSlug,
  );
}

function widgetRunStatement(
  event: Extract<LearningEvent, { kind: 'widget-run' }>,
  setting: StatementSetting,
): XapiStatement {
  return base(
    setting,
    VERBS.interacted,
    embedActivity(
      setting.siteBase,
      encodeURIComponent(event.widgetId),
      ACTIVITY_TYPES.simulation,
      event.widgetLabel,
    ),
    { response: boundText(event.summary) },
    setting.target.lessonSlug,
  );
}

/** A check's score with its numbers made sane: whole, total ≥ 0, 0 ≤ correct ≤ total. */
export function checkScore(correct: number, total: number): Required<XapiScore> | null {
  const max = Number.isFinite(total) ? Math.max(0, Math.floor(total)) : 0;
  if (max === 0) return null;
  const raw = Number.isFinite(correct) ? Math.min(max, Math.max(0, Math.floor(correct))) : 0;
  return { raw, min: 0, max, scaled: raw / max };
}

/** A check's score under a policy, with the extensions every check statement carries. */
export function checkResult(
  event: CheckCompletedEvent,
  policy: ScorePolicy,
  siteBase: string,
): { score: Required<XapiScore>; extensions: Record<string, unknown> } | null {
  const score = checkScore(checkRaw(event, policy), event.total);
  if (!score) return null;
  const sane = (raw: number) => checkScore(raw, event.total)?.raw ?? 0;
  return {
    score,
    extensions: scoreExtensions(siteBase, Math.max(1, Math.floor(event.attempts) || 1), policy, {
      first: sane(event.firstCorrect),
      last: sane(event.correct),
      best: sane(event.bestCorrect),
    }),
  };
}

function checkStatements(event: CheckCompletedEvent, setting: StatementSetting): XapiStatement[] {
  const object = embedActivity(
    setting.siteBase,
    `check/${encodeURIComponent(event.lessonSlug)}`,
    ACTIVITY_TYPES.assessment,
    `Check yourself: ${event.lessonTitle}`,
  );
  const scored = checkResult(event, setting.scoring, setting.siteBase);
  const completed = base(
    setting,
    VERBS.completed,
    object,
    scored ? { completion: true, ...scored } : { completion: true },
    event.lessonSlug,
  );
  if (setting.mastery === null || !scored) return [completed];
  const success = scored.score.scaled >= setting.mastery;
  const judged = base(
    setting,
    success ? VERBS.passed : VERBS.failed,
    object,
    { success, ...scored },
    event.lessonSlug,
  );
  return [completed, judged];
}

/** A statement without its actor (for a parent whose origin is unknown). */
export function withoutActor(statement: XapiStatement): XapiStatement {
  const copy = { ...statement };
  delete copy.actor;
  return copy;
}

/** A random UUID version 4 from 16 random bytes (for pages where crypto.randomUUID is missing). */
export function uuidV4(randomBytes: (count: number) => Uint8Array): string {
  const bytes = Array.from(randomBytes(16).subarray(0, 16));
  while (bytes.length < 16) bytes.push(0);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
