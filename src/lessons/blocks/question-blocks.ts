/** The question blocks' code in one chunk, loaded by lazy-questions.tsx on a lesson's first question. */
import type { ComponentType } from 'react';
import type { QuestionTag } from '../questions/kinds';
import { QuickCheck } from './QuickCheck';
import { NumericCheck } from './NumericCheck';
import { OrderCheck } from './OrderCheck';
import { BugCheck } from './BugCheck';
import { PredictCheck } from './PredictCheck';

/** Each question tag's block, by the tag its record declares (a missing one fails to compile). */
export const questionBlocks = {
  QuickCheck,
  NumericCheck,
  OrderCheck,
  BugCheck,
  PredictCheck,
} satisfies Record<QuestionTag, ComponentType<never>>;
