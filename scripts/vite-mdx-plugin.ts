import { compile, type CompileOptions } from '@mdx-js/mdx';
import { VFile } from 'vfile';
import type { Plugin } from 'vite';

/**
 * Compiles `.mdx` files to JavaScript at build time with @mdx-js/mdx. (Used instead of
 * @mdx-js/rollup, whose peer dependency on rollup pulls platform binaries that this project's
 * package registry does not serve, which breaks `npm ci`; Vite 8 itself builds with rolldown.)
 */
export function mdxPlugin(options: CompileOptions): Plugin {
  return {
    name: 'gpu-lab-mdx',
    enforce: 'pre',
    async transform(source, id) {
      const path = id.split('?')[0] ?? id;
      if (!path.endsWith('.mdx')) return undefined;
      const compiled = await compile(new VFile({ path, value: source }), options);
      return { code: String(compiled.value), map: null };
    },
  };
}
