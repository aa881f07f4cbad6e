declare module 'virtual:glossary' {
  import type { GlossaryTerm } from './types';
  /** Every glossary entry of content/glossary.yaml, checked at build time (scripts/glossary-plugin.ts). */
  const terms: readonly GlossaryTerm[];
  export default terms;
}
