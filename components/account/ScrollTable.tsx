import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { TABLE, TABLE_WRAP, TH } from './styles';

/** A column heading; `hidden` ones are for screen readers only (a column of buttons, say). */
export type Heading = string | { hidden: string };

const headingText = (heading: Heading | undefined) => (typeof heading === 'string' ? heading : '');

/**
 * Gives each cell of each row its column's name (data-label): on a phone the table reads as cards, every value
 * after the name of its column (styles.ts).
 */
function labelled(rows: ReactNode, headings: Heading[]): ReactNode {
  return Children.map(rows, (row) => {
    if (!isValidElement<{ children?: ReactNode }>(row)) return row;
    let column = 0;
    const cells = Children.map(row.props.children, (cell) =>
      isValidElement(cell)
        ? cloneElement(cell as ReactElement<{ 'data-label'?: string }>, {
            'data-label': headingText(headings[column++]),
          })
        : cell,
    );
    return cloneElement(row, undefined, cells);
  });
}

/**
 * A table with its header row. Wide ones scroll sideways inside their box on a tablet; on a phone every row is a
 * card (styles.ts). The box is focusable and named, so a keyboard user can scroll it too (WCAG 2.1.1; axe's
 * scrollable-region-focusable), and positioned, so the screen-reader-only headings stay inside it.
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
        <tbody className="divide-y divide-slate-100">{labelled(children, headings)}</tbody>
      </table>
    </section>
  );
}
