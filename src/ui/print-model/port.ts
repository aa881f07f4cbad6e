/**
 * What reading a pasted `print(model)` asks of the outside world, as a port: the engine's parser
 * and the example text, both loaded on first use so neither is in a lesson's first load. Each
 * widget wires the lazy port (lazy-port.ts) into its own dependencies; tests may pass fakes.
 * Pure types.
 */
import type { PrintedModelInput, PrintedModelResult } from '../../engine/models';

/** The parser and the example, behind promises. */
export interface PrintModelPort {
  /** Reads the text; rejects with the parser's RangeError when it cannot. */
  parse(text: string, input: PrintedModelInput): Promise<PrintedModelResult>;
  /** The example text: torchvision's ResNet-50 as `print(model)` shows it. */
  example(): Promise<string>;
}
