import { describe, expect, it } from 'vitest';
import { widgetSharedChunkPlugin } from './widget-chunk.ts';

/** A module graph: each id with its static imports; `entry` marks the app's entry. */
const GRAPH: Record<string, { imports: string[]; entry?: boolean }> = {
  '/app/src/main.tsx': {
    imports: ['/app/src/state/query.ts', '/app/src/app/App.tsx'],
    entry: true,
  },
  '/app/src/app/App.tsx': { imports: [] },
  '/app/src/state/query.ts': { imports: [] },
  '/app/content/05-gpu-memory.mdx': { imports: ['/app/src/lessons/blocks/Callout.tsx'] },
  '/app/src/lessons/blocks/Callout.tsx': { imports: [] },
  '/app/src/widgets/memory/MemorySimulator.tsx': {
    imports: ['/app/src/engine/models/memory.ts', '/app/src/state/query.ts'],
  },
  '/app/src/engine/models/memory.ts': { imports: [] },
};

/** The plugin after a build of GRAPH, and its group's test. */
function afterBuild() {
  const plugin = widgetSharedChunkPlugin();
  const context = {
    getModuleIds: () => Object.keys(GRAPH)[Symbol.iterator](),
    getModuleInfo: (id: string) =>
      GRAPH[id] ? { isEntry: GRAPH[id].entry ?? false, importedIds: GRAPH[id].imports } : null,
  };
  (plugin.buildEnd as (this: typeof context) => void).call(context);
  const config = (
    plugin.config as () => {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              includeDependenciesRecursively: boolean;
              groups: Array<{ name: string; minShareCount: number; test: (id: string) => boolean }>;
            };
          };
        };
      };
    }
  )();
  return config.build.rolldownOptions.output.codeSplitting;
}

describe('the widget-shared chunk', () => {
  it('leaves out every module the entry or a lesson imports statically, so the first load is unchanged', () => {
    const { groups } = afterBuild();
    const test = groups[0]!.test;
    for (const id of [
      '/app/src/main.tsx',
      '/app/src/app/App.tsx',
      '/app/src/state/query.ts',
      '/app/content/05-gpu-memory.mdx',
      '/app/src/lessons/blocks/Callout.tsx',
    ]) {
      expect(test(id), id).toBe(false);
    }
  });

  it('takes the modules only lazily loaded chunks reach, when two or more of them share one', () => {
    const { groups, includeDependenciesRecursively } = afterBuild();
    expect(groups[0]).toMatchObject({ name: 'widget-shared', minShareCount: 2 });
    expect(groups[0]!.test('/app/src/widgets/memory/MemorySimulator.tsx')).toBe(true);
    expect(groups[0]!.test('/app/src/engine/models/memory.ts')).toBe(true);
    // A widget's import of a first-load module must not drag that module into the chunk.
    expect(includeDependenciesRecursively).toBe(false);
  });
});
