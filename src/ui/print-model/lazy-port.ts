/**
 * The real `PrintModelPort`: the parser and the ResNet-50 example text each load on first use
 * (dynamic imports, so the bundler puts them in chunks of their own). The example is a copy of
 * the engine's fixture (the layer rules keep other layers out of the engine's files; a test
 * checks the two are the same).
 */
import type { PrintModelPort } from './port';

/** The parser and the example, loaded when first asked for. */
export const lazyPrintModelPort: PrintModelPort = {
  parse: (text, input) =>
    import('./parser-chunk').then(({ parsePrintedModel }) => parsePrintedModel(text, input)),
  example: () => import('./resnet50-example.txt?raw').then((m: { default: string }) => m.default),
};
