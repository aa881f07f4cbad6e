import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildImportGraph,
  importCircles,
  isTestFile,
  listSourceFiles,
  readImports,
} from '../../scripts/imports/graph';
import { importProblem, layerOf, LAYERS } from '../../scripts/imports/layers.mjs';
import { layerTableMarkdown } from '../../scripts/imports/table';

// The whole source tree against the layer table (scripts/imports/layers.mjs), from the imports
// TypeScript's parser reads: no circles, no import the table forbids, every folder in a layer,
// and docs/architecture.md showing the table as it is. `npm run -s imports` prints the same.
const root = process.cwd();
const files = listSourceFiles(root);
const graph = buildImportGraph(root, files);

describe('the import graph of src/', () => {
  it('has no import circles among the source files (type-only imports count)', () => {
    // The source files' own graph, taken from the whole one rather than read again: it is what
    // buildImportGraph gives for those files, the same edges in the same order.
    const sourceFiles = files.filter((f) => !isTestFile(f));
    const source = {
      files: sourceFiles,
      edges: graph.edges.filter((e) => !isTestFile(e.from) && !isTestFile(e.to)),
    };
    expect(source.edges.length).toBeGreaterThan(1000);
    expect(importCircles(source)).toEqual([]);
  });

  it('has no import the layer table forbids', () => {
    const problems = graph.edges
      .map((e) => [e, importProblem(e.from, e.to)] as const)
      .filter(([, problem]) => problem !== null)
      .map(([e, problem]) => `${e.from}:${e.line}: ${problem}`);
    expect(problems).toEqual([]);
  });

  it('puts every folder of src/ in a layer', () => {
    const folders = readdirSync(join(root, 'src'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        d.name === 'engine'
          ? readdirSync(join(root, 'src/engine'), { withFileTypes: true })
              .filter((e) => e.isDirectory())
              .map((e) => `src/engine/${e.name}`)
          : [`src/${d.name}`],
      );
    const layerPaths = new Set(LAYERS.map((l) => l.path));
    expect(folders.filter((f) => !layerPaths.has(f))).toEqual([]);
    expect(readdirSync(join(root, 'src/engine')).filter((f) => f.endsWith('.ts'))).toEqual([]);
  });
});

describe('the layer table', () => {
  it('runs one way: a layer may import only layers listed before it', () => {
    const seen = new Set<string>();
    for (const layer of LAYERS) {
      for (const name of layer.mayImport) expect(seen, `${layer.name} -> ${name}`).toContain(name);
      seen.add(layer.name);
    }
  });

  it('is drawn in docs/architecture.md exactly as it is', () => {
    const page = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
    expect(page).toContain(layerTableMarkdown());
  });

  it('stops a widget importing another widget, and reaches a widget only through the registry', () => {
    expect(importProblem('src/widgets/amdahl/x.ts', 'src/widgets/race/settings.ts')).toMatch(
      /a widget never imports another widget \(amdahl -> race\)/,
    );
    expect(importProblem('src/widgets/amdahl/x.ts', 'src/widgets/declare.ts')).toBeNull();
    expect(importProblem('src/lessons/x.ts', 'src/widgets/race/settings.ts')).toMatch(
      /through src\/widgets\/registry\.ts/,
    );
    expect(importProblem('src/lessons/x.ts', 'src/widgets/registry.ts')).toBeNull();
  });

  it('stops a lower layer importing a higher one, and deep imports past a public face', () => {
    expect(importProblem('src/state/x.ts', 'src/app/route.ts')).toMatch(/state may not import app/);
    expect(importProblem('src/cpu/x.ts', 'src/gpu/index.ts')).toMatch(/cpu may not import gpu/);
    expect(importProblem('src/widgets/race/x.ts', 'src/gpu/device.ts')).toMatch(
      /through src\/gpu\/index\.ts/,
    );
    expect(importProblem('src/widgets/race/x.ts', 'src/gpu/index.ts')).toBeNull();
    // The engine's layers share their insides; others go through each one's index.
    expect(importProblem('src/engine/models/k.ts', 'src/engine/catalog/gpus.ts')).toBeNull();
    expect(importProblem('src/engine/catalog/g.ts', 'src/engine/models/kernel.ts')).toMatch(
      /engine\/catalog may not import engine\/models/,
    );
    expect(importProblem('src/ui/x.ts', 'src/engine/models/kernel.ts')).toMatch(/index\.ts/);
  });

  it('leaves tests and test helpers outside the layers', () => {
    expect(importProblem('src/cpu/pool.test.ts', 'src/gpu/device.ts')).toBeNull();
    expect(importProblem('src/state/testing/fuzz.ts', 'src/engine/catalog/gpus.ts')).toBeNull();
    expect(layerOf('src/main.tsx')?.name).toBe('main');
    expect(layerOf('src/engine/models/network/zoo/bert.ts')?.name).toBe('engine/models');
  });
});

describe('readImports', () => {
  it('reads static, re-exported, dynamic and type-only imports, and nothing in comments', () => {
    const found = readImports(
      'x.ts',
      [
        "import { a } from './a';",
        "import type { B } from './b';",
        "import { type C, type D } from './c';",
        "export { e } from './e';",
        '// import { f } from "./f";',
        "const g = () => import('./g');",
        "type H = typeof import('./h');",
        "import './i.css';",
      ].join('\n'),
    );
    expect(found.map((f) => [f.specifier, f.typeOnly, f.dynamic])).toEqual([
      ['./a', false, false],
      ['./b', true, false],
      ['./c', true, false],
      ['./e', false, false],
      ['./g', false, true],
      ['./h', true, false],
      ['./i.css', false, false],
    ]);
  });
});
