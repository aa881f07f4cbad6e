/** Reading a pasted `print(model)` of a PyTorch module into the engine's layer list. */
export { MAX_TEXT_CHARS, MAX_TEXT_LINES, parsePrintedModel } from './parse-printed-model';
export type { PrintedModelInput, PrintedModelResult, UnusedLine } from './types';
