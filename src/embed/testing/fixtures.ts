/**
 * Fixtures for the embed's tests: a valid cmi5 launch (its learner, registration, AU and URL
 * query) and a learning event.
 */
import type { AnsweredEvent } from '../learning-events';

/** The learner the LMS launches. */
export const ACTOR = {
  objectType: 'Agent',
  account: { homePage: 'https://lms.example', name: 'u42' },
};
/** The launch's registration. */
export const REGISTRATION = 'd4a9c8b2-1f3e-4c5d-9a8b-7c6d5e4f3a2b';
/** The AU's activity id. */
export const AU = 'https://lms.example/au/gpu-lab-roofline';

/** The launch's `location.search`, with parameters replaced (or, with null, left out). */
export function launchSearch(overrides: Record<string, string | null> = {}): string {
  const values: Record<string, string | null> = {
    endpoint: 'https://lrs.example/xapi',
    fetch: 'https://lms.example/token?k=1',
    actor: JSON.stringify(ACTOR),
    registration: REGISTRATION,
    activityId: AU,
    ...overrides,
  };
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== null) query.set(key, value);
  return `?${query.toString()}`;
}

/** A right answer to quiz q1. */
export const answered: AnsweredEvent = {
  kind: 'answered',
  questionId: 'q1',
  question: 'Which bound?',
  questionKind: 'single',
  interactionType: 'choice',
  response: 'memory',
  correct: true,
  attempt: 1,
  firstCorrect: true,
  bestCorrect: true,
  revealed: false,
};
