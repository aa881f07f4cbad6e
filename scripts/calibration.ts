/**
 * `npm run -s calibration`: prints the cost engine's calibration table as Markdown: every
 * published measurement the engine is judged against, its prediction, the error, and whether
 * the measurement was used to fit a figure or held out. Pass `--network` for the whole-network
 * cases only, `--serving` for the serving cases, `--parallel` for training at scale.
 */
import {
  CALIBRATION_CASES,
  NETWORK_CALIBRATION_CASES,
  relativeError,
  SERVING_CALIBRATION_CASES,
  TRAINING_CALIBRATION_CASES,
} from '../src/engine/calibration/index.ts';

function figure(value: number): string {
  return value >= 100 ? value.toFixed(1) : value.toPrecision(4);
}

function main(argv: readonly string[]): void {
  const cases = argv.includes('--network')
    ? NETWORK_CALIBRATION_CASES
    : argv.includes('--serving')
      ? SERVING_CALIBRATION_CASES
      : argv.includes('--parallel')
        ? TRAINING_CALIBRATION_CASES
        : CALIBRATION_CASES;
  const lines = ['| case | measured | predicted | error | use |', '|---|---:|---:|---:|---|'];
  for (const c of cases) {
    const predicted = c.predict();
    const signed = (predicted - c.measured) / c.measured;
    const error = `${signed >= 0 ? '+' : '−'}${(Math.abs(signed) * 100).toFixed(1)} %`;
    const use = c.usedForFitting ? 'fitted' : 'held out';
    lines.push(
      `| ${c.what} | ${figure(c.measured)} ${c.unit} | ${figure(predicted)} ${c.unit} | ${error} | ${use} |`,
    );
  }
  const errors = cases.map(relativeError).sort((a, b) => a - b);
  const median = errors[Math.floor((errors.length - 1) / 2)] ?? 0;
  process.stdout.write(
    `${lines.join('\n')}\n\n${cases.length} cases; median |error| ${(median * 100).toFixed(1)} %\n`,
  );
}

main(process.argv.slice(2));
