import type { ReactNode } from 'react';
import { quickCheckProblems, readQuickCheckChildren } from './quick-check-model';
import { QuickCheckForm } from './QuickCheckForm';
import { MultipleChoiceForm } from './MultipleChoiceForm';
import { MalformedQuestion } from './malformed-question';

export { Choice, type ChoiceProps } from './Choice';

/** Props of a quick check: a stable id (the saved answer's key), the question, `<Choice>`s. */
export interface QuickCheckProps {
  id: string;
  question: string;
  /** Select all that apply: checkboxes, one or more `<Choice correct>`. */
  multiple?: boolean;
  /** "lesson-slug/heading-slug" of the section that teaches it (the knowledge check links it). */
  teaches?: string;
  children?: ReactNode;
}

/**
 * One inline question with choices and feedback. The learner's answer is saved in the progress
 * store under `id` and shown again on return. A malformed definition shows an alert instead.
 */
export function QuickCheck({ id, question, multiple, teaches, children }: QuickCheckProps) {
  const parts = readQuickCheckChildren(children);
  const problems = quickCheckProblems(id, question, parts, multiple === true);
  if (problems.length > 0)
    return <MalformedQuestion tag="QuickCheck" id={id} problems={problems} />;
  const Form = multiple === true ? MultipleChoiceForm : QuickCheckForm;
  return (
    <Form
      id={id}
      question={question}
      choices={parts.choices}
      extra={parts.extra}
      {...(teaches === undefined ? {} : { teaches })}
    />
  );
}
