/**
 * The state of a pasted `print(model)`: the text and sizes as the learner gives them, and the
 * parser's answer. Typing is debounced, the parser loads and runs off the critical path (through
 * the widget's port), and an answer for text that has since changed is dropped. A text the parser
 * cannot read keeps the last good result (the widget keeps predicting with it) beside the message.
 * Nothing here leaves the page: the text is not put in the URL or stored.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PrintedModelResult } from '../../engine/models';
import {
  DEFAULT_PRINT_SIZES,
  printedModelInput,
  printNeeds,
  type PrintNeeds,
  type PrintSizes,
} from './print-input';
import type { PrintModelPort } from './port';

/** How long typing must pause before the text is read, in ms. */
export const PRINT_DEBOUNCE_MS = 300;

/** A text longer than this (in characters) is read after "Reading…" has painted. */
const LONG_TEXT_CHARS = 50_000;

/** A pasted model: what the learner gave and what the parser made of it. */
export interface PrintedModelState {
  text: string;
  setText(text: string): void;
  sizes: PrintSizes;
  setSizes(patch: Partial<PrintSizes>): void;
  /** Which sizes the text's layers need. */
  needs: PrintNeeds;
  /** True while the parser (or the example) loads or runs. */
  reading: boolean;
  /** The last text the parser read, with its result; null before the first. */
  result: PrintedModelResult | null;
  /** The parser's message for the current text, or null when it read it. */
  message: string | null;
  /** Fills the text with the ResNet-50 example. */
  loadExample(): void;
}

/** The message of anything thrown. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A pasted model read by `port`'s parser for a training step or inference. */
export function usePrintedModel(
  port: PrintModelPort,
  mode: 'train' | 'inference',
): PrintedModelState {
  const [text, setText] = useState('');
  const [sizes, setAllSizes] = useState<PrintSizes>(DEFAULT_PRINT_SIZES);
  const [reading, setReading] = useState(false);
  const [result, setResult] = useState<PrintedModelResult | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [needs, setNeeds] = useState<PrintNeeds>({ image: false, seq: false });
  const latest = useRef(0);

  useEffect(() => {
    const ask = ++latest.current;
    if (text.trim() === '') {
      setReading(false);
      setMessage(null);
      setNeeds({ image: false, seq: false });
      return;
    }
    const timer = setTimeout(() => {
      setNeeds(printNeeds(text));
      setReading(true);
      const start = () => read(ask);
      // A long paste takes the parser a moment: let "Reading…" paint before it runs.
      if (text.length > LONG_TEXT_CHARS && typeof requestAnimationFrame === 'function') {
        requestAnimationFrame(() => setTimeout(start, 0));
      } else {
        start();
      }
    }, PRINT_DEBOUNCE_MS);
    const read = (ask: number) =>
      port.parse(text, printedModelInput(text, sizes, mode)).then(
        (answer) => {
          if (ask !== latest.current) return;
          setResult(answer);
          setMessage(null);
          setReading(false);
        },
        (error: unknown) => {
          if (ask !== latest.current) return;
          setMessage(messageOf(error));
          setReading(false);
        },
      );
    return () => clearTimeout(timer);
  }, [port, text, sizes, mode]);

  const setSizes = useCallback(
    (patch: Partial<PrintSizes>) => setAllSizes((old) => ({ ...old, ...patch })),
    [],
  );
  const loadExample = useCallback(() => {
    setReading(true);
    port.example().then(setText, (error: unknown) => {
      setMessage(`The example did not load: ${messageOf(error)}`);
      setReading(false);
    });
  }, [port]);

  return { text, setText, sizes, setSizes, needs, reading, result, message, loadExample };
}
