/** A labelled, horizontally scrolling code sample. Focusable so keyboard users can scroll long lines;
 * the figure's caption names it (ARIA forbids naming a bare <pre>). */
export function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1 text-sm font-medium text-slate-700">{label}</figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-[13px] leading-relaxed text-slate-100"
      >
        <code>{children}</code>
      </pre>
    </figure>
  );
}
