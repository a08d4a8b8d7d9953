// Hosts and paths of open-tracking endpoints used by common mailing platforms.
const TRACKER_HOSTS = [
  /(^|\.)list-manage\.com$/,
  /(^|\.)mailchimp\.com$/,
  /(^|\.)sendgrid\.net$/,
  /(^|\.)mailgun\.org$/,
  /(^|\.)convertkit-mail\d*\.com$/,
  /(^|\.)mcusercontent\.com$/,
  /(^|\.)google-analytics\.com$/,
  /(^|\.)doubleclick\.net$/,
  /(^|\.)pixel\.wp\.com$/,
  /(^|\.)beehiiv\.com$/,
];
const TRACKER_PATHS = /\/(open|opens|track|tracking|pixel|beacon|wf\/open|e\/o|o\.gif|open\.gif|trk)(\/|\.|$|\?)/i;

/** True when an <img> is there only to report that a mail was opened: tiny, hidden, or served by a tracker. */
export function isTrackingPixel(attribs: Record<string, string | undefined>): boolean {
  const width = attribs.width?.trim();
  const height = attribs.height?.trim();
  if (width !== undefined && /^[01](px)?$/.test(width)) return true;
  if (height !== undefined && /^[01](px)?$/.test(height)) return true;
  const style = (attribs.style ?? '').toLowerCase().replace(/\s+/g, '');
  if (/display:none|visibility:hidden|(^|;)(width|height):[01](px)?(;|$)/.test(style)) return true;
  const src = attribs.src ?? '';
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  if (TRACKER_HOSTS.some((pattern) => pattern.test(host)) && TRACKER_PATHS.test(url.pathname)) return true;
  return /\/(wf\/open|track\/open|open\.gif|o\.gif|pixel\.gif|open\.aspx)(\?|$)/i.test(url.pathname);
}
