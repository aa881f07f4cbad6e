/**
 * Bundling: the modules that two or more lazily loaded chunks share (widget code, the cost engine,
 * d3) go into one `widget-shared` chunk instead of dozens of small ones, while the first load (the
 * entry and each lesson, with what they import statically) stays exactly as it was.
 *
 * Why: a lesson asked for 84 files, 65 of them JavaScript, most a few kilobytes of code shared
 * between widgets; each request costs the browser, its network service and the renderer some work.
 * With the shared chunk lesson 5 asks for 21 (458 KiB instead of 491) and its load takes about a
 * sixth less CPU here: 2.9 against 3.7 CPU-s; an embedded widget 1.2 against 1.5.
 */
import type { Plugin } from 'vite';

/** A lesson's module (its first load starts there, as the entry's does). */
const LESSON_MODULE = /[\\/]content[\\/][^\\/]+\.mdx$/;

/**
 * The plugin. At the end of the build it notes every module the entry or a lesson reaches through
 * static imports; the chunk's test leaves those out, so nothing moves into the first load.
 */
export function widgetSharedChunkPlugin(): Plugin {
  const firstLoad = new Set<string>();
  return {
    name: 'gpu-lab-widget-shared-chunk',
    apply: 'build',
    config() {
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // A captured module's own imports stay where they were (a widget's import of a
                // first-load module must not drag it into this chunk).
                includeDependenciesRecursively: false,
                groups: [
                  {
                    name: 'widget-shared',
                    test: (id: string) => !firstLoad.has(id),
                    minShareCount: 2,
                  },
                ],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      firstLoad.clear();
      const pending = [...this.getModuleIds()].filter(
        (id) => this.getModuleInfo(id)?.isEntry || LESSON_MODULE.test(id),
      );
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (firstLoad.has(id)) continue;
        firstLoad.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}
