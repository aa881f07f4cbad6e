/**
 * The xAPI 1.0.3 statement types GPU Lab sends: agents, verbs, activities, results and
 * contexts, as the specification names them. Data only; xapi.ts builds the statements.
 */
import type { InteractionType } from './learning-events';

/** A language map: `{ 'en-US': 'answered' }`. */
export type LanguageMap = Record<string, string>;

/** An xAPI account: the learner's id on some system. */
export interface XapiAccount {
  homePage: string;
  name: string;
}

/** An xAPI Agent with exactly one identifier (mbox, mbox_sha1sum, openid or account). */
export interface XapiAgent {
  objectType?: 'Agent';
  name?: string;
  mbox?: string;
  mbox_sha1sum?: string;
  openid?: string;
  account?: XapiAccount;
}

/** What the learner did, as an ADL verb IRI with a display name. */
export interface XapiVerb {
  id: string;
  display: LanguageMap;
}

/** The definition of an activity: its type, its name, and for a question its interaction type. */
export interface XapiActivityDefinition {
  type?: string;
  name?: LanguageMap;
  description?: LanguageMap;
  interactionType?: XapiInteractionType;
  /** The choices of a choice question (xAPI interaction components). */
  choices?: XapiInteractionComponent[];
}

/** One choice of an interaction: the id responses use, and its text. */
export interface XapiInteractionComponent {
  id: string;
  description: LanguageMap;
}

/** An activity (the thing the verb is about). */
export interface XapiActivity {
  objectType: 'Activity';
  id: string;
  definition?: XapiActivityDefinition;
}

/** A score: raw between min and max, scaled in 0..1 here. */
export interface XapiScore {
  raw?: number;
  min?: number;
  max?: number;
  scaled?: number;
}

/** The outcome of a statement. */
export interface XapiResult {
  success?: boolean;
  completion?: boolean;
  response?: string;
  score?: XapiScore;
  /** ISO 8601 duration (`PT12.5S`). */
  duration?: string;
  /** Extension IRI → value (GPU Lab's are under `<siteBase>#/xapi/extensions/`). */
  extensions?: Record<string, unknown>;
}

/** Activities around the object: the lesson it sits in (parent), a course (grouping), a profile (category). */
export interface XapiContextActivities {
  parent?: XapiActivity[];
  grouping?: XapiActivity[];
  category?: XapiActivity[];
}

/** The context of a statement. */
export interface XapiContext {
  registration?: string;
  contextActivities?: XapiContextActivities;
  extensions?: Record<string, unknown>;
}

/** An xAPI 1.0.3 statement as GPU Lab sends it. */
export interface XapiStatement {
  id: string;
  timestamp: string;
  actor?: XapiAgent;
  verb: XapiVerb;
  object: XapiActivity;
  result?: XapiResult;
  context?: XapiContext;
}

/** The interaction types GPU Lab's questions map to (each kind's record names its own). */
export type XapiInteractionType = InteractionType;
