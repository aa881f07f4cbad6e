#!/usr/bin/env node
// Content checks run by `npm run check`:
//  1. originality: lesson text and code must not repeat the course's source material
//     (the shared tool lives beside the repository in ../shared/tools; when it is absent,
//     say so rather than pass silently);
//  2. quick checks' length bias: the share of single-answer questions whose right choice is
//     the unique longest, printed and held at or under a limit (scripts/quick-check-length.mjs);
//  3. explanations stand on their own: none points at "the figures above", "the table" or a
//     widget around it (scripts/explanation-references.mjs);
//  4. lesson structure: every MDX file compiles with the lesson checks (unknown tags,
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
import { pageReferences } from './explanation-references.mjs';

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

const references = pageReferences(mdxFiles(join(process.cwd(), 'content')));
if (references.length > 0) {
  failed = true;
  for (const p of references) console.log(`  ${p.file}:${p.line} ${p.id}: "${p.phrase}" ${p.why}`);
  console.log(
    'explanations: each must stand on its own (it is read beside its question alone, in the knowledge check review and in embeds); say what the figure or widget shows in words',
  );
} else {
  console.log('explanations: none points at a figure, table or widget around it');
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
