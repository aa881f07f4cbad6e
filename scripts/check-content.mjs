#!/usr/bin/env node
// Content checks run by `npm run check`:
//  1. originality: lesson text and code must not repeat the course's source material
//     (the shared tool lives beside the repository in ../shared/tools; when it is absent,
//     say so rather than pass silently);
//  2. quick checks' length bias: the share of single-answer questions whose right choice is
//     the unique longest, printed and held at or under a limit (scripts/quick-check-length.mjs);
//  3. lesson structure: every MDX file compiles with the lesson checks (unknown tags,
//     malformed quick checks, bad frontmatter), through the content unit tests.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import {
  LENGTH_BIAS_LIMIT,
  lengthBias,
  lengthBiasReport,
  mdxFiles,
} from './quick-check-length.mjs';

let failed = false;
const tool = join(process.cwd(), '..', 'shared', 'tools', 'originality.mjs');
if (existsSync(tool)) {
  const r = spawnSync(process.execPath, [tool, 'content', 'src'], { stdio: 'inherit' });
  if (r.status !== 0) failed = true;
  else console.log('originality: no repeated source text in content/ or src/');
} else {
  console.log(
    `originality: skipped, ${tool} not found (it ships beside the repository in ../shared)`,
  );
}

const bias = lengthBias(mdxFiles(join(process.cwd(), 'content')));
const biasLines = lengthBiasReport(bias, process.cwd());
if (bias.share > LENGTH_BIAS_LIMIT) {
  failed = true;
  console.log(biasLines.join('\n'));
  console.log(
    'quick checks: too many right answers are the longest choice; vary the lengths (a wrong choice can be the long, careful-sounding one)',
  );
} else {
  console.log(biasLines.at(-1));
}

const r = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'unit',
    'src/lessons/content.test.ts',
    'src/app/guides-content.test.ts',
  ],
  {
    stdio: 'inherit',
  },
);
if (r.status !== 0) failed = true;
process.exit(failed ? 1 : 0);
