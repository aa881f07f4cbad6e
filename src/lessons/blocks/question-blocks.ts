/** The question blocks' code in one chunk, loaded by lazy-questions.tsx on a lesson's first question. */
export { QuickCheck } from './QuickCheck';
export { NumericCheck } from './NumericCheck';
export { OrderCheck } from './OrderCheck';
export { BugCheck } from './BugCheck';
export { PredictCheck } from './PredictCheck';
