import type { ReactNode } from 'react';
import { TABLE, TABLE_WRAP, TH } from './styles';

/** A column heading; `hidden` ones are for screen readers only (a column of buttons, say). */
export type Heading = string | { hidden: string };

/**
 * A table that scrolls sideways on narrow screens, with its header row. The scrolling box is focusable and named, so
 * a keyboard user can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollTable({
  label,
  headings,
  children,
}: {
  label: string;
  headings: Heading[];
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
    <section className={TABLE_WRAP} tabIndex={0} aria-label={label}>
      <table className={TABLE}>
        <thead className="bg-slate-50">
          <tr>
            {headings.map((heading) => (
              <th key={typeof heading === 'string' ? heading : heading.hidden} scope="col" className={TH}>
                {typeof heading === 'string' ? heading : <span className="sr-only">{heading.hidden}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </section>
  );
}
