declare module 'virtual:widget-lessons' {
  /** MDX tag → slug of the first lesson that places it (built by scripts/vite-mdx-plugin.ts). */
  const lessons: Record<string, string>;
  export default lessons;
}

declare module '*.mdx?embed=questions' {
  import type { ComponentType } from 'react';
  import type { MDXComponents } from 'mdx/types';
  /** A lesson's questions alone (see sliceQuestions in scripts/vite-mdx-plugin.ts). */
  const MDXContent: ComponentType<{ components?: MDXComponents }>;
  export default MDXContent;
}
