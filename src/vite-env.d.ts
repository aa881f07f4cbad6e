/// <reference types="vite/client" />

declare module 'virtual:lesson-manifest' {
  import type { LessonSummary } from './lessons/frontmatter';
  const lessons: LessonSummary[];
  export default lessons;
}

declare module '*.mdx' {
  import type { ComponentType } from 'react';
  import type { MDXComponents } from 'mdx/types';
  export const frontmatter: Record<string, unknown>;
  const MDXContent: ComponentType<{ components?: MDXComponents }>;
  export default MDXContent;
}

declare module '*.wgsl?raw' {
  const source: string;
  export default source;
}
