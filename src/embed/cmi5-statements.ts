/**
 * The statements of a cmi5 session: the AU's own cmi5-defined ones (initialized, completed,
 * passed or failed, terminated) and the learner's answers and runs as cmi5-allowed ones, each
 * with the context cmi5 asks for (registration, the LaunchData context template, grouping,
 * session id, categories). Pure: no network; ids and times are given.
 */
import type { Cmi5Launch, Cmi5LaunchData } from './cmi5-launch';
import type { LearningEvent } from './learning-events';
import {
  answerScore,
  buildStatements,
  checkResult,
  extensionIri,
  VERBS,
  type EmbedTarget,
  type ScorePolicy,
  type XapiActivity,
  type XapiContext,
  type XapiResult,
  type XapiStatement,
  type XapiVerb,
} from './xapi';

/** cmi5 IRIs. */
export const CMI5 = {
  categoryCmi5: 'https://w3id.org/xapi/cmi5/context/categories/cmi5',
  categoryMoveOn: 'https://w3id.org/xapi/cmi5/context/categories/moveon',
  sessionId: 'https://w3id.org/xapi/cmi5/context/extensions/sessionid',
  masteryScore: 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore',
} as const;

/** An ISO 8601 duration of whole hundredths of a second: `PT12.35S`. */
export function isoDuration(milliseconds: number): string {
  const seconds = Math.max(0, Math.round(milliseconds / 10) / 100);
  return `PT${seconds}S`;
}

/** What the statements of one cmi5 session are built from. */
export interface Cmi5StatementOptions {
  launch: Cmi5Launch;
  target: EmbedTarget;
  siteBase: string;
  /** The embed's own mastery level; LaunchData's masteryScore wins when present. */
  mastery: number | null;
  /** Which answer to each question scores (the embed's `attempts` option). */
  scoring: ScorePolicy;
  /** When the session began: durations count from here. */
  startedAt: Date;
  uuid: () => string;
}

/** The statements of one cmi5 session; it remembers which of its own the AU has sent. */
export interface Cmi5Statements {
  /**
   * Takes in LMS.LaunchData and the session id once read. Before, the AU earns no completed,
   * passed or failed.
   */
  useLaunchData(data: Cmi5LaunchData, sessionId: string): void;
  /** The AU's `initialized`. */
  initialized(at: Date): XapiStatement;
  /**
   * For a learning event: the learner's statements as cmi5-allowed ones, then the AU's own
   * completed and passed or failed that the event earns (each sent once, in Normal mode only).
   */
  forEvent(event: LearningEvent, at: Date): XapiStatement[];
  /** The AU's `terminated`, with the session's duration. */
  terminated(at: Date): XapiStatement;
}

/** How far an event takes the AU: its score under the policy, if it has one. */
interface AuOutcome {
  scaled: number | null;
  score: XapiResult['score'];
  extensions?: Record<string, unknown>;
}

/** What `event` does for the AU of `target`: null when it does not finish the embed. */
function auOutcome(
  event: LearningEvent,
  target: EmbedTarget,
  policy: ScorePolicy,
  siteBase: string,
): AuOutcome | null {
  if (event.kind === 'check-completed' && target.kind === 'check') {
    const checked = checkResult(event, policy, siteBase);
    return checked
      ? { scaled: checked.score.scaled, ...checked }
      : { scaled: null, score: undefined };
  }
  if (event.kind === 'answered' && target.kind === 'quiz') {
    const scaled = answerScore(event, policy) ? 1 : 0;
    return {
      scaled,
      score: { raw: scaled, min: 0, max: 1, scaled },
      extensions: {
        [extensionIri(siteBase, 'attempts')]: event.attempt,
        [extensionIri(siteBase, 'scoring')]: policy,
      },
    };
  }
  if (event.kind === 'widget-run' && target.kind === 'widget') {
    return { scaled: null, score: undefined };
  }
  if (event.kind === 'puzzle-solved' && (target.kind === 'puzzle' || target.kind === 'triton')) {
    return { scaled: 1, score: { raw: 1, min: 0, max: 1, scaled: 1 } };
  }
  return null;
}

/** The statements of a cmi5 session that begins with `options`. */
export function createCmi5Statements(options: Cmi5StatementOptions): Cmi5Statements {
  const { launch } = options;
  let data: Cmi5LaunchData | null = null;
  let sessionId: string | null = null;
  let completed = false;
  let passed = false;

  const duration = (at: Date) => isoDuration(at.getTime() - options.startedAt.getTime());

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

  /** The AU's own completed and passed/failed for an event that finishes the embed, if any. */
  const auStatements = (event: LearningEvent, at: Date): XapiStatement[] => {
    if (!data || data.launchMode !== 'Normal') return [];
    const outcome = auOutcome(event, options.target, options.scoring, options.siteBase);
    if (!outcome) return [];
    const out: XapiStatement[] = [];
    if (!completed) {
      completed = true;
      out.push(defined(VERBS.completed, at, { completion: true, duration: duration(at) }));
    }
    const level = data.masteryScore ?? options.mastery;
    const { scaled, score, extensions } = outcome;
    if (level !== null && scaled !== null && !passed) {
      const success = scaled >= level;
      passed = success;
      out.push(
        defined(success ? VERBS.passed : VERBS.failed, at, {
          success,
          score,
          duration: duration(at),
          ...(extensions ? { extensions } : {}),
        }),
      );
    }
    return out;
  };

  return {
    useLaunchData(launchData, id) {
      data = launchData;
      sessionId = id;
    },
    initialized: (at) => defined(VERBS.initialized, at),
    forEvent(event, at) {
      const setting = {
        target: options.target,
        siteBase: options.siteBase,
        actor: launch.actor,
        mastery: null,
        scoring: options.scoring,
        now: () => at,
        uuid: options.uuid,
      };
      // A check's or a puzzle's completion is the AU's own: cmi5's verbs are the AU's to use.
      const own =
        (event.kind === 'check-completed' && options.target.kind === 'check') ||
        event.kind === 'puzzle-solved';
      const learner = own ? [] : buildStatements(event, setting).map(allowed);
      return [...learner, ...auStatements(event, at)];
    },
    terminated: (at) => defined(VERBS.terminated, at, { duration: duration(at) }),
  };
}
