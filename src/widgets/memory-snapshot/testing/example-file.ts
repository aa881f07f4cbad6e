/**
 * Test helpers: the example snapshot the page offers (recorded on an H100, public/examples/) and
 * the generated one (scripts/make-memory-snapshot-example.py, a fixture beside this file).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the example lives, from the repository root (where the tests run). */
export const EXAMPLE_PATH = join(
  process.cwd(),
  'public',
  'examples',
  'memory-snapshot-example.pickle',
);

/** Where the generated snapshot lives. */
export const GENERATED_EXAMPLE_PATH = join(
  process.cwd(),
  'src',
  'widgets',
  'memory-snapshot',
  'testing',
  'generated-example.pickle',
);

/** A fresh copy of the recorded example's bytes. */
export function exampleBytes(): Uint8Array {
  return new Uint8Array(readFileSync(EXAMPLE_PATH));
}

/** A fresh copy of the generated snapshot's bytes. */
export function generatedExampleBytes(): Uint8Array {
  return new Uint8Array(readFileSync(GENERATED_EXAMPLE_PATH));
}
