/**
 * Remembering a pure engine's answers by request, for the widgets' browser-deps: a widget asks
 * the cost engine the same question again when the learner goes back to earlier settings, when
 * one analysis passes through the same step twice, and when a fix's step is applied. The engine
 * is pure but for one input, the learner's own machine in the catalog, so the answers are dropped
 * whenever that changes. Answers are shared: callers treat them as read-only, as they already
 * must (the views keep them in state).
 */
import { myMachine } from '../engine/catalog';

/** The key of a request: its JSON, with the values JSON would blur (undefined, NaN, ±∞, −0). */
export function requestKey(request: unknown): string {
  return JSON.stringify(request, (_key, value: unknown) => {
    if (value === undefined) return '\u0000undefined';
    if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0))) {
      return `\u0000${Object.is(value, -0) ? '-0' : String(value)}`;
    }
    return value;
  });
}

/**
 * `answer` remembered for the `kept` most recently used requests (by `requestKey`); a request
 * it throws on is asked again next time.
 */
export function remembered<Request, Answer>(
  answer: (request: Request) => Answer,
  kept: number,
): (request: Request) => Answer {
  const answers = new Map<string, Answer>();
  let machine = myMachine();
  return (request) => {
    if (myMachine() !== machine) {
      answers.clear();
      machine = myMachine();
    }
    const key = requestKey(request);
    if (answers.has(key)) {
      const hit = answers.get(key)!;
      answers.delete(key);
      answers.set(key, hit);
      return hit;
    }
    const fresh = answer(request);
    if (answers.size >= kept) answers.delete(answers.keys().next().value!);
    answers.set(key, fresh);
    return fresh;
  };
}
