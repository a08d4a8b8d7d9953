/** A labelled, horizontally scrolling code sample. Focusable so keyboard users can scroll long lines. */
export function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1 text-sm font-medium text-slate-700">{label}</figcaption>
      <pre
        tabIndex={0}
        aria-label={label}
        className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-[13px] leading-relaxed text-slate-100"
      >
        <code>{children}</code>
      </pre>
    </figure>
  );
}
