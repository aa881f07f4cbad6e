/** The Node benchmark's command line, parsed. Pure. */

/** What `node node-bench.js [--out DIR] [--repetitions N] [--copy-sweep]` asks for. */
export interface NodeBenchArgs {
  /** Directory to keep the report in (docs/runs), or null to print it only. */
  outDirectory: string | null;
  repetitions: number;
  /** Time the copy kernel at several widths and sizes instead of the benchmark. */
  copySweep: boolean;
}

/** Parses the arguments; throws an Error naming the first one it cannot use. */
export function parseNodeBenchArgs(
  argv: readonly string[],
  defaultRepetitions: number,
): NodeBenchArgs {
  const args: NodeBenchArgs = {
    outDirectory: null,
    repetitions: defaultRepetitions,
    copySweep: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${name} needs a value`);
      return v;
    };
    if (name === '--out') args.outDirectory = value();
    else if (name === '--copy-sweep' && inline === undefined) args.copySweep = true;
    else if (name === '--repetitions') {
      const text = value();
      const n = Number(text);
      if (!Number.isInteger(n) || n < 1)
        throw new Error(`--repetitions must be a whole number from 1, got ${text}`);
      args.repetitions = n;
    } else
      throw new Error(
        `unknown argument ${arg} (expected --out DIR, --repetitions N, --copy-sweep)`,
      );
  }
  return args;
}
