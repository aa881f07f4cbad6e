/**
 * Learners from xAPI statements, as any LRS returns GPU Lab's (its statements resource gives
 * `{"statements": [...], "more": …}`; exports often a bare array). The statements GPU Lab's
 * embeds send (src/embed/xapi.ts) name what they are about by activity id:
 * `…#/embed/quiz/<question id>` answered (result.success, result.response: the choice keys,
 * "[,]"-separated), `…#/embed/check/<lesson>` completed (a lesson's check, with its score),
 * `…#/embed/puzzle/<id>` completed with success, and `…#/embed/<widget>` interacted; each
 * carries its lesson as a parent context activity `…#/lesson/<slug>`. A learner is the
 * statement's actor, by its inverse functional identifier (mbox, mbox_sha1sum, openid or
 * account). Statements read from several exports are counted once each, by id; voided ones not
 * at all. Nothing here trusts the text: every field is checked, and outside strings only ever
 * become Map keys or shown text.
 */
import { VERBS } from '../embed/xapi';
import { MAX_LABEL_CHARS } from './labels';
import type { LearnerRecord, QuestionText } from './records';

const VOIDED = 'http://adlnet.gov/expapi/verbs/voided';
/** Longest question or choice text kept, in characters. */
const MAX_TEXT = 500;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** Text cut to `max` characters, control characters removed. */
function cut(value: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  const chars = Array.from(clean);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : clean;
}

/** The first text of a language map (`{"en-US": "…"}`), or null. */
function firstLanguage(map: unknown): string | null {
  if (!isRecord(map)) return null;
  const preferred = text(map['en-US']) ?? text(map.en);
  if (preferred) return preferred;
  for (const value of Object.values(map)) if (text(value)) return value as string;
  return null;
}

/** A learner's key and label from a statement's actor, or null when it names no learner. */
export function actorIdentity(actor: unknown): { key: string; label: string } | null {
  if (!isRecord(actor) || actor.objectType === 'Group') return null;
  const name = text(actor.name);
  const mbox = text(actor.mbox);
  const sha = text(actor.mbox_sha1sum);
  const openid = text(actor.openid);
  const account = isRecord(actor.account) ? actor.account : null;
  const accountName = account ? text(account.name) : null;
  const homePage = account ? (text(account.homePage) ?? '') : '';
  let key: string | null = null;
  let fallback: string | null = null;
  if (mbox) {
    key = `mbox:${mbox.toLowerCase()}`;
    fallback = mbox.replace(/^mailto:/i, '');
  } else if (sha) {
    key = `sha1:${sha.toLowerCase()}`;
    fallback = `learner ${sha.slice(0, 8)}`;
  } else if (openid) {
    key = `openid:${openid}`;
    fallback = openid;
  } else if (accountName) {
    key = `account:${homePage}|${accountName}`;
    fallback = accountName;
  } else if (name) {
    key = `name:${name}`;
  }
  if (!key) return null;
  return { key, label: cut(name ?? fallback ?? key, MAX_LABEL_CHARS) };
}

/** What an activity id names in GPU Lab, or null for any other activity. */
export type GpuLabActivity =
  | { kind: 'quiz' | 'check' | 'puzzle' | 'triton'; id: string }
  | { kind: 'widget'; id: string }
  | { kind: 'lesson'; id: string };

/** The GPU Lab activity an IRI names (`…#/embed/quiz/<id>`, `…#/lesson/<slug>`), or null. */
export function gpuLabActivity(iri: unknown): GpuLabActivity | null {
  if (typeof iri !== 'string' || iri.length > 2000) return null;
  const hash = iri.indexOf('#/');
  if (hash < 0) return null;
  const path = iri.slice(hash + 1);
  const named = /^\/embed\/(quiz|check|puzzle|triton)\/([^/?#]{1,200})\/?$/.exec(path);
  if (named) {
    let id: string;
    try {
      id = decodeURIComponent(named[2]!);
    } catch {
      return null;
    }
    return { kind: named[1] as 'quiz' | 'check' | 'puzzle' | 'triton', id };
  }
  const lesson = /^\/lesson\/([a-z0-9-]{1,100})(?:\/[^?#]*)?$/.exec(path);
  if (lesson) return { kind: 'lesson', id: lesson[1]! };
  const widget = /^\/embed\/([a-z0-9-]{1,100})\/?$/.exec(path);
  if (widget) return { kind: 'widget', id: widget[1]! };
  return null;
}

/** One statement reduced to what the report counts. */
interface Reading {
  id: string | null;
  at: string;
  ms: number;
  lesson: string | null;
  what:
    | { kind: 'answer'; question: string; choice: string; correct: boolean }
    | { kind: 'check'; lesson: string }
    | { kind: 'puzzle'; puzzle: string }
    | { kind: 'touch' };
}

/** A learner being gathered from statements. */
interface Gathering {
  label: string;
  origins: string[];
  readings: Reading[];
}

/** What reading statements keeps between exports. */
export interface StatementGathering {
  learners: Map<string, Gathering>;
  /** Statement ids seen (a statement in two exports counts once). */
  seen: Set<string>;
  /** Ids voided by a voiding statement. */
  voided: Set<string>;
  texts: Map<string, QuestionText>;
  read: number;
  noLearner: number;
  notGpuLab: number;
  repeated: number;
}

/** An empty gathering. */
export function startGathering(): StatementGathering {
  return {
    learners: new Map(),
    seen: new Set(),
    voided: new Set(),
    texts: new Map(),
    read: 0,
    noLearner: 0,
    notGpuLab: 0,
    repeated: 0,
  };
}

/** The statements of an export: a bare array, or an LRS's `{ statements: [...] }`; else null. */
export function statementsOf(parsed: unknown): unknown[] | null {
  if (Array.isArray(parsed)) return parsed;
  if (isRecord(parsed) && Array.isArray(parsed.statements)) return parsed.statements;
  return null;
}

/** The lesson a statement's context names (a parent or grouping activity), or null. */
function contextLesson(statement: Record<string, unknown>): string | null {
  const context = isRecord(statement.context) ? statement.context : null;
  const activities =
    context && isRecord(context.contextActivities) ? context.contextActivities : null;
  if (!activities) return null;
  for (const field of ['parent', 'grouping']) {
    const list = activities[field];
    for (const a of Array.isArray(list) ? list : isRecord(list) ? [list] : []) {
      const found = isRecord(a) ? gpuLabActivity(a.id) : null;
      if (found?.kind === 'lesson') return found.id;
    }
  }
  return null;
}

/** Keeps a question's text and choices from an answered statement's activity definition. */
function keepText(texts: Map<string, QuestionText>, question: string, object: unknown): void {
  if (texts.has(question) || texts.size > 10_000) return;
  const definition = isRecord(object) && isRecord(object.definition) ? object.definition : null;
  if (!definition) return;
  const name = firstLanguage(definition.name);
  const choices = new Map<string, string>();
  if (Array.isArray(definition.choices)) {
    for (const c of definition.choices.slice(0, 50)) {
      if (!isRecord(c) || typeof c.id !== 'string') continue;
      const said = firstLanguage(c.description);
      if (said) choices.set(cut(c.id, 200), cut(said, MAX_TEXT));
    }
  }
  texts.set(question, { question: name ? cut(name, MAX_TEXT) : null, choices });
}

/** What one statement says, or null when the report has no use for it. */
function readOne(statement: Record<string, unknown>, g: StatementGathering): Reading | null {
  const verb = isRecord(statement.verb) ? statement.verb.id : null;
  const object = statement.object;
  const at = text(statement.timestamp) ?? text(statement.stored) ?? '';
  const ms = Date.parse(at);
  const base = {
    id: text(statement.id),
    at: Number.isFinite(ms) ? new Date(ms).toISOString() : '',
    ms: Number.isFinite(ms) ? ms : -Infinity,
    lesson: contextLesson(statement),
  };
  const activity = isRecord(object) ? gpuLabActivity(object.id) : null;
  if (!activity) return null;
  const result = isRecord(statement.result) ? statement.result : {};
  if (verb === VERBS.answered.id && activity.kind === 'quiz') {
    keepText(g.texts, activity.id, object);
    const response = typeof result.response === 'string' ? result.response : '';
    return {
      ...base,
      what: {
        kind: 'answer',
        question: activity.id,
        // xAPI separates chosen ids with "[,]"; progress files with spaces.
        choice: cut(response.split('[,]').join(' '), 200),
        correct: result.success === true,
      },
    };
  }
  if (verb === VERBS.completed.id && activity.kind === 'check') {
    return { ...base, what: { kind: 'check', lesson: activity.id } };
  }
  if (verb === VERBS.completed.id && activity.kind === 'puzzle' && result.success === true) {
    return { ...base, what: { kind: 'puzzle', puzzle: activity.id } };
  }
  // A Triton puzzle's mark is kept as progress files keep it: `triton:<id>`.
  if (verb === VERBS.completed.id && activity.kind === 'triton' && result.success === true) {
    return { ...base, what: { kind: 'puzzle', puzzle: `triton:${activity.id}` } };
  }
  return { ...base, what: { kind: 'touch' } };
}

/** Reads the statements of one export into the gathering. */
export function gatherStatements(
  list: readonly unknown[],
  origin: string,
  g: StatementGathering,
): void {
  for (const statement of list) {
    if (!isRecord(statement)) {
      g.notGpuLab++;
      continue;
    }
    g.read++;
    const id = text(statement.id);
    if (id !== null) {
      if (g.seen.has(id)) {
        g.repeated++;
        continue;
      }
      g.seen.add(id);
    }
    const verb = isRecord(statement.verb) ? statement.verb.id : null;
    if (verb === VOIDED) {
      const target = isRecord(statement.object) ? text(statement.object.id) : null;
      if (target) g.voided.add(target);
      continue;
    }
    const who = actorIdentity(statement.actor);
    const reading = readOne(statement, g);
    if (!reading) {
      g.notGpuLab++;
      continue;
    }
    if (!who) {
      g.noLearner++;
      continue;
    }
    let learner = g.learners.get(who.key);
    if (!learner) {
      learner = { label: who.label, origins: [], readings: [] };
      g.learners.set(who.key, learner);
    }
    if (!learner.origins.includes(origin)) learner.origins.push(origin);
    learner.readings.push(reading);
  }
}

/** The learners a gathering holds, each as the report counts them. */
export function gatheredLearners(g: StatementGathering): LearnerRecord[] {
  const learners: LearnerRecord[] = [];
  for (const [key, gathered] of g.learners) {
    const readings = gathered.readings
      .filter((r) => r.id === null || !g.voided.has(r.id))
      .sort((a, b) => a.ms - b.ms);
    if (readings.length === 0) continue;
    const record: LearnerRecord = {
      label: gathered.label,
      source: 'statements',
      origin: gathered.origins.join(', '),
      identity: key,
      exportedAt: null,
      visited: new Map(),
      completed: new Map(),
      answers: new Map(),
      puzzles: new Map(),
      lastActivity: null,
      notes: [],
    };
    for (const r of readings) {
      if (r.lesson && !record.visited.has(r.lesson)) record.visited.set(r.lesson, r.at);
      const { what } = r;
      if (what.kind === 'answer') {
        // In time order, so the latest answer stays.
        record.answers.set(what.question, { choice: what.choice, correct: what.correct, at: r.at });
      } else if (what.kind === 'check') {
        if (!record.completed.has(what.lesson)) record.completed.set(what.lesson, r.at);
        if (!record.visited.has(what.lesson)) record.visited.set(what.lesson, r.at);
      } else if (what.kind === 'puzzle') {
        if (!record.puzzles.has(what.puzzle)) record.puzzles.set(what.puzzle, r.at);
      }
      if (r.at !== '') record.lastActivity = r.at;
    }
    learners.push(record);
  }
  return learners;
}

/** Sentences on what the statements held that no learner's row shows. */
export function gatheringNotes(g: StatementGathering): string[] {
  const notes: string[] = [];
  const n = (count: number, one: string, many: string) =>
    `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
  if (g.noLearner > 0) {
    notes.push(
      `${n(g.noLearner, 'statement names', 'statements name')} no learner (no actor, or a group), so ${g.noLearner === 1 ? 'it is' : 'they are'} left out.`,
    );
  }
  if (g.notGpuLab > 0) {
    notes.push(
      `${n(g.notGpuLab, 'statement is', 'statements are')} not about a GPU Lab question, check, puzzle, widget or lesson, so ${g.notGpuLab === 1 ? 'it is' : 'they are'} left out.`,
    );
  }
  if (g.repeated > 0) {
    notes.push(
      `${n(g.repeated, 'statement was', 'statements were')} found again in another export and counted once.`,
    );
  }
  if (g.voided.size > 0) {
    notes.push(`${n(g.voided.size, 'statement was', 'statements were')} voided and not counted.`);
  }
  return notes;
}
