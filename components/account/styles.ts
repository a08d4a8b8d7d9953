/** Tailwind classes shared by the account pages (server and client components alike). */

/*
 * Below the sm breakpoint a table reads as a list of cards: each row a block, each cell a line with its column's
 * name before the value (ScrollTable gives every cell a data-label). Nothing then scrolls sideways on a phone. The
 * header row is then for screen readers only; its cells lose their padding so that five headings still fit a phone's
 * width (a hidden row wider than the screen still widens what the page measures).
 */
export const TABLE =
  'min-w-full divide-y divide-slate-200 text-left text-sm max-sm:block max-sm:divide-y-0 max-sm:[&_tbody]:block max-sm:[&_tr]:block max-sm:[&_tr]:py-2 max-sm:[&_thead]:sr-only max-sm:[&_th]:p-0';
export const TABLE_WRAP = 'relative overflow-x-auto rounded-xl border border-slate-200 bg-white';
export const TH = 'px-4 py-2 font-semibold text-slate-800';
export const TD =
  'px-4 py-2 text-slate-800 max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-4 max-sm:py-1 max-sm:text-right max-sm:[overflow-wrap:anywhere] max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:font-sans max-sm:before:text-sm max-sm:before:font-medium max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]';
export const BUTTON_PRIMARY =
  'rounded-lg bg-indigo-700 px-4 py-2 font-medium text-white hover:bg-indigo-800 disabled:opacity-60';
export const BUTTON_SECONDARY =
  'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:border-indigo-700 hover:text-indigo-800 disabled:opacity-60';
export const BUTTON_DANGER =
  'rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:border-red-600 hover:bg-red-50';
export const INPUT =
  'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-indigo-700 focus:outline-none focus:ring-2 focus:ring-indigo-200';
