/**
 * `npm run -s predict -- FILE`: reads a JSON array of scenarios from FILE and prints a JSON
 * array of {"id", "seconds"} (with "bytes", "fits" and the like for network scenarios) or
 * {"id", "error"}, in the same order. Exit status 0 when every
 * scenario was answered, 2 when any failed or FILE is not such an array. Only the JSON goes to
 * stdout; messages go to stderr. The format is described in docs/cost-engine.md.
 */
import { readFileSync } from 'node:fs';
import { runScenarios } from '../src/engine/models/scenarios.ts';

function fail(message: string): void {
  process.stderr.write(`predict: ${message}\n`);
  process.exitCode = 2;
}

function main(argv: readonly string[]): void {
  const file = argv[0];
  if (file === undefined || argv.length > 1) {
    fail('usage: npm run -s predict -- FILE (FILE holds a JSON array of scenarios)');
    return;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    fail(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    fail(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  const run = runScenarios(json);
  if (!run.ok) {
    fail(`${file}: ${run.message}`);
    return;
  }
  process.stdout.write(`${JSON.stringify(run.results)}\n`);
  process.exitCode = run.exitCode;
}

main(process.argv.slice(2));
