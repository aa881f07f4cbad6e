import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer table (scripts/imports/layers.mjs) as lint rules (eslint.config.js): these probes show
// each rule fires in an editor and in `npm run lint`. The whole tree is checked against the same
// table by tests/unit/layers.test.ts, over the import graph, which is much faster than linting it.
const eslint = new ESLint({ cwd: process.cwd() });

/** The layer and runtime errors ESLint reports for `code` as if it were the file at `filePath`. */
async function boundaryErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) =>
      ['layers/allowed-imports', 'no-restricted-imports', 'no-restricted-globals'].includes(
        m.ruleId ?? '',
      ),
    )
    .map((m) => m.message);
}

describe('the layer rules in ESLint', () => {
  it('stop a widget importing another widget, or the runtime past its face', async () => {
    const errors = await boundaryErrors(
      "import { RACE_PRESETS } from '../race/settings';\nimport { shareGpu } from '../../gpu/device';\nimport { shareGpu as ok } from '../../gpu';\nexport const x = [RACE_PRESETS, shareGpu, ok];\n",
      'src/widgets/amdahl/probe.ts',
    );
    expect(errors).toEqual([
      expect.stringMatching(/a widget never imports another widget \(amdahl -> race\)/),
      expect.stringMatching(/through src\/gpu\/index\.ts/),
    ]);
  });

  it('keep pure layers free of React, the DOM and WebGPU, and of layers above them', async () => {
    const errors = await boundaryErrors(
      "import { useState } from 'react';\nimport { KERNELS } from '../../gpu';\nexport const y = [useState, KERNELS, window.innerWidth];\n",
      'src/engine/models/probe.ts',
    );
    expect(errors).toEqual([
      expect.stringMatching(/engine\/models runs pure/),
      expect.stringMatching(/engine\/models may not import gpu/),
      expect.stringMatching(/engine\/models is pure: no DOM/),
    ]);
  });

  it('keep lower layers from importing the app or a widget, dynamically too', async () => {
    expect(
      await boundaryErrors(
        "export { x } from '../widgets/race/settings';\nexport const l = () => import('../app/App');\n",
        'src/state/probe.ts',
      ),
    ).toEqual([
      expect.stringMatching(/state may not import widgets/),
      expect.stringMatching(/state may not import app/),
    ]);
    expect(
      await boundaryErrors(
        "export { default } from '../widgets/race/RaceWidget';\nexport { WIDGETS } from '../widgets/registry';\n",
        'src/lessons/probe.ts',
      ),
    ).toEqual([expect.stringMatching(/through src\/widgets\/registry\.ts/)]);
  });
});
