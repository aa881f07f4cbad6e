/**
 * The engine's `print(model)` parser, alone: lazy-port.ts imports this file on first use, so the
 * parser is bundled in its own chunk and stays out of every lesson's first load.
 */
export { parsePrintedModel } from '../../engine/models';
