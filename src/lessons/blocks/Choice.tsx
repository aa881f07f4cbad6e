import type { ReactNode } from 'react';

/** Props of one answer of a quick check: is it the right one, and why it is right or wrong. */
export interface ChoiceProps {
  correct?: boolean;
  explanation: string;
  children?: ReactNode;
}

/**
 * One answer inside a `<QuickCheck>`. The quick check reads its props and draws it; on its own
 * it shows only its text.
 */
export function Choice({ children }: ChoiceProps) {
  return <>{children}</>;
}
