import type { ComponentType } from 'react';
import type { MDXComponents } from 'mdx/types';
import { MDXProvider } from '@mdx-js/react';
import { lessonComponents } from './components';
import { QuestionPageContext, type QuestionPage } from './blocks/question-frame';
import { LessonBoundary } from './LessonBoundary';

/**
 * Compiled questions rendered as a page of questions (the knowledge check, an embedded quiz or
 * lesson check): lesson components, an error boundary, and the page the questions register with.
 */
export function QuestionPageContent({
  Content,
  page,
}: {
  Content: ComponentType<{ components?: MDXComponents }>;
  page: QuestionPage;
}) {
  return (
    <div className="lesson-content">
      <LessonBoundary>
        <QuestionPageContext.Provider value={page}>
          <MDXProvider components={lessonComponents}>
            <Content components={lessonComponents} />
          </MDXProvider>
        </QuestionPageContext.Provider>
      </LessonBoundary>
    </div>
  );
}
