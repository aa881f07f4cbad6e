/** What the build's question check needs from the engine, in one module it loads at run time. */
export { computeNumericAnswer } from './numeric-answer';
export { EXPERIMENT_IDS } from './experiments';
export { TEACHES_PATTERN } from './check-page';
