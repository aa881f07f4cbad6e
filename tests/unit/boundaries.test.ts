import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer boundaries (docs/architecture.md) are lint rules; this suite runs them, so a
// boundary crossed fails `npm test`, not only `npm run check`.
const eslint = new ESLint({ cwd: process.cwd() });

/** The boundary errors ESLint reports for `code` as if it were the file at `filePath`. */
async function boundaryErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals')
    .map((m) => m.message);
}

describe('layer boundaries', () => {
  it('hold in the source tree today', async () => {
    const results = await eslint.lintFiles(['src']);
    const crossings = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals')
        .map((m) => `${r.filePath}:${m.line}: ${m.message}`),
    );
    expect(crossings).toEqual([]);
  }, 60_000);

  it('stop a widget importing another widget, or the runtime past its index', async () => {
    const errors = await boundaryErrors(
      "import { RACE_PRESETS } from '../race/settings';\nimport { shareGpu } from '../../gpu/device';\nimport { shareGpu as ok } from '../../gpu';\nexport const x = [RACE_PRESETS, shareGpu, ok];\n",
      'src/widgets/amdahl/probe.ts',
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/A widget never imports another widget/);
    expect(errors[1]).toMatch(/Import the GPU runtime from src\/gpu/);
  });

  it('keep the engine free of React, the DOM and the GPU runtime', async () => {
    const errors = await boundaryErrors(
      "import { useState } from 'react';\nimport { KERNELS } from '../gpu';\nexport const y = [useState, KERNELS, window.innerWidth];\n",
      'src/engine/probe.ts',
    );
    expect(errors).toHaveLength(3);
  });

  it('keep the GPU runtime free of widgets, and lessons away from widget code', async () => {
    expect(
      await boundaryErrors("export { x } from '../widgets/race/settings';\n", 'src/gpu/probe.ts'),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "export { default } from '../widgets/race/RaceWidget';\nexport { WIDGETS } from '../widgets/registry';\n",
        'src/lessons/probe.ts',
      ),
    ).toEqual([expect.stringMatching(/only through src\/widgets\/registry\.ts/)]);
  });
});
