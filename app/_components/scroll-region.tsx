import type { ReactNode } from "react";

/**
 * A box that scrolls sideways where the screen is narrower than what it holds (a calendar, a wide
 * table on a phone). A keyboard scrolls only what has focus, and a table or a chart offers none,
 * so the box itself takes focus, and it is named for whoever lands on it.
 */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
