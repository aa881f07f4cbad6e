/**
 * What a learner did that a host page may want to record: an answered question, a finished lesson
 * check, a finished widget run. Questions and widgets publish these; only an embedded page
 * subscribes (src/embed/host-bridge.ts turns them into xAPI statements for the host), so on the
 * site itself publishing costs nothing and sends nothing anywhere.
 */

/** The xAPI interaction types questions map to (each question kind's record names its own). */
export type InteractionType = 'choice' | 'numeric' | 'sequencing' | 'other';

/** A question was answered (or answered again). */
export interface AnsweredEvent {
  kind: 'answered';
  questionId: string;
  /** The question as the learner read it. */
  question: string;
  /**
   * The question's kind as its frame writes it in `data-kind` (single, multiple, numeric, order,
   * bug, predict: a QuestionKind of src/lessons/questions/kinds, which publishes the event).
   */
  questionKind: string;
  /** How xAPI names this kind of question, as the kind's record declares it. */
  interactionType: InteractionType;
  /** What the learner answered, as saved (a choice key, a number with its unit, an order). */
  response: string;
  /** This answer's grade: false for a revealed one, whatever was answered. */
  correct: boolean;
  /** Which answer to this question this is: 1 for the first. */
  attempt: number;
  /** Whether the first answer to this question was right. */
  firstCorrect: boolean;
  /** Whether any answer to this question so far was right (this one included). */
  bestCorrect: boolean;
  /** Given the day the learner asked to see the right answer: recorded as not correct. */
  revealed: boolean;
  /** For choice questions: every choice's key and its text, in the author's order. */
  choices?: readonly AnswerChoice[];
}

/** One choice of a choice question: the key answers name, and what the learner read. */
export interface AnswerChoice {
  id: string;
  text: string;
}

/** Every question of an embedded lesson check has an answer. */
export interface CheckCompletedEvent {
  kind: 'check-completed';
  /** The lesson whose check it is. */
  lessonSlug: string;
  lessonTitle: string;
  /** Questions whose latest answer is right. */
  correct: number;
  /** Questions whose first answer was right. */
  firstCorrect: number;
  /** Questions with a right answer among their answers. */
  bestCorrect: number;
  total: number;
  /** The most answers any one question took (1 when each was answered once). */
  attempts: number;
}

/** A widget finished a run (a race, a kernel, a sweep). */
export interface WidgetRunEvent {
  kind: 'widget-run';
  /** The widget's `data-widget` id. */
  widgetId: string;
  widgetLabel: string;
  /** One line on the outcome, e.g. "GPU 3.1x faster"; the label alone when the widget has none. */
  summary: string;
}

/** A puzzle's kernel (WGSL, or Triton) passed every check. */
export interface PuzzleSolvedEvent {
  kind: 'puzzle-solved';
  /** The puzzle's id (`map`, `tiled-matmul`). */
  puzzleId: string;
  puzzleTitle: string;
  /** The puzzle's language; WGSL when absent. */
  language?: 'wgsl' | 'triton';
  /** The sizes it was checked at. */
  cases: number;
}

/** Anything a host page may record. */
export type LearningEvent =
  AnsweredEvent | CheckCompletedEvent | WidgetRunEvent | PuzzleSolvedEvent;

/** Receives learning events. */
export type LearningListener = (event: LearningEvent) => void;

/** A publish-subscribe channel for learning events; one per page (`learningEvents`), more in tests. */
export interface LearningChannel {
  publish(event: LearningEvent): void;
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: LearningListener): () => void;
}

/** A new channel. A listener that throws is reported to the console and the others still run. */
export function createLearningChannel(): LearningChannel {
  const listeners = new Set<LearningListener>();
  return {
    publish(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (err) {
          console.error('A learning-event listener failed:', err);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The page's channel. */
export const learningEvents: LearningChannel = createLearningChannel();
