import type { ReactNode } from 'react';
import { TABLE, TABLE_WRAP } from './styles';

/**
 * A table that scrolls sideways on narrow screens. The scrolling box is focusable and named, so a keyboard user can
 * scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
    <section className={TABLE_WRAP} tabIndex={0} aria-label={label}>
      <table className={TABLE}>{children}</table>
    </section>
  );
}
