/** Test helper: the bundled example snapshot's bytes, read from public/examples/. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the example lives, from the repository root (where the tests run). */
export const EXAMPLE_PATH = join(
  process.cwd(),
  'public',
  'examples',
  'memory-snapshot-example.pickle',
);

/** A fresh copy of the example's bytes. */
export function exampleBytes(): Uint8Array {
  return new Uint8Array(readFileSync(EXAMPLE_PATH));
}
