/** Python highlighting for the Triton puzzles' editor (its own chunk, loaded with the editor). */
import { python } from '@codemirror/lang-python';

export const pythonLanguage = python();
