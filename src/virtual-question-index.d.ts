declare module 'virtual:question-index' {
  import type { QuestionLocation } from './lessons/question-index';
  /** Question id → where it is taught (built by scripts/question-index-plugin.ts). */
  const index: Record<string, QuestionLocation>;
  export default index;
}
