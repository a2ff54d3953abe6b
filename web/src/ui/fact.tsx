import type { ReactNode } from 'react';

/** One label and its value in a `<dl>`: how the staff screens show a record's facts. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
