import type { ReactNode } from 'react';

/** Props of one step of an order question. */
export interface StepProps {
  children?: ReactNode;
}

/** One step inside `<OrderCheck>`, written in the right order; shows only its text on its own. */
export function Step({ children }: StepProps) {
  return <>{children}</>;
}
