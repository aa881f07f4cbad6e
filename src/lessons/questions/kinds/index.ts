/**
 * Every question kind, declared once: one record per tag (its own file in this folder) and one
 * line in QUESTION_KIND_RECORDS. The name lists, the components map, the lazy loader and its
 * placeholder, the build check and xAPI's interaction types all read these records. Pure, so
 * the build scripts import it in Node.
 */
import { bugCheck } from './bug.ts';
import { numericCheck } from './numeric.ts';
import { orderCheck } from './order.ts';
import { predictCheck } from './predict.ts';
import { quickCheck } from './quick-check.ts';
import type { InteractionType } from './types.ts';

export type {
  InteractionType,
  PropRead,
  QuestionCheckContext,
  QuestionElement,
  QuestionKindRecord,
  QuestionProps,
  QuestionResolver,
} from './types.ts';

/** The question kinds' records, in the order lessons' name lists show them. */
export const QUESTION_KIND_RECORDS = [
  quickCheck,
  numericCheck,
  orderCheck,
  bugCheck,
  predictCheck,
] as const;

/** One question kind's record, as the list holds it. */
export type AnyQuestionKindRecord = (typeof QUESTION_KIND_RECORDS)[number];

/** A question tag: QuickCheck, NumericCheck, OrderCheck, BugCheck, PredictCheck. */
export type QuestionTag = AnyQuestionKindRecord['tag'];

/** A marker tag questions read from their children: Choice, Step. */
export type QuestionMarker = AnyQuestionKindRecord['markers'][number];

/** The `data-kind` values of one record. */
type KindsOf<R> = R extends { kinds: infer K } ? keyof K & string : never;

/**
 * A question kind as its frame writes it in `data-kind` and learning events carry it as
 * `questionKind`: single, multiple, numeric, order, bug, predict.
 */
export type QuestionKind = KindsOf<AnyQuestionKindRecord>;

/** The question tags: each needs an id unique across a file (it keys the saved answer). */
export const QUESTION_TAG_NAMES: readonly QuestionTag[] = QUESTION_KIND_RECORDS.map((r) => r.tag);

/** The tags lessons may write for questions: each question tag followed by its new markers. */
export const QUESTION_COMPONENT_NAMES: readonly (QuestionTag | QuestionMarker)[] = [
  ...new Set(QUESTION_KIND_RECORDS.flatMap((r) => [r.tag, ...r.markers])),
];

/** Every question kind's xAPI interaction type. */
export const QUESTION_INTERACTION_TYPES = Object.fromEntries(
  QUESTION_KIND_RECORDS.flatMap((r) => Object.entries(r.kinds)),
) as Readonly<Record<QuestionKind, InteractionType>>;

/** Every question kind, in the records' order. */
export const QUESTION_KINDS = Object.keys(QUESTION_INTERACTION_TYPES) as readonly QuestionKind[];

/** Each question tag's record. */
export const QUESTION_KIND_BY_TAG = Object.fromEntries(
  QUESTION_KIND_RECORDS.map((r) => [r.tag, r]),
) as { readonly [T in QuestionTag]: Extract<AnyQuestionKindRecord, { tag: T }> };

/** The record of a question tag, or undefined for any other tag. */
export function questionKindRecord(tag: string): AnyQuestionKindRecord | undefined {
  return Object.hasOwn(QUESTION_KIND_BY_TAG, tag)
    ? QUESTION_KIND_BY_TAG[tag as QuestionTag]
    : undefined;
}
