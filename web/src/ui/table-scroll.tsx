import type { ReactNode } from 'react';

/**
 * A table wider than a phone scrolls inside its own box, never the page. The box is focusable and
 * named, so keyboard users can scroll it too.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
