import { createHash } from 'node:crypto';
import { htmlTags } from '@/lib/ingest/feeds/html-tags';
import { stripTrackingParams } from '@/lib/ingest/fetch/strip-tracking-params';
import { sanitizePostHtml } from '@/lib/ingest/html/sanitize';
import { htmlToPlainText } from '@/lib/ingest/html/to-text';
import type { PostDraft } from '@/lib/posts/post-draft';
import { cleanNewsletterHtml } from './clean';
import type { InboundEmail } from './parse';

const WEB_VERSION =
  /view (this (post|email|newsletter) )?(in|on) (your )?(the )?(browser|web)|view online|read online|read in (your )?browser|web version/i;

/**
 * A newsletter e-mail as a post: the web version's link as its URL when the mail offers one (else a stable URL on the
 * publication's host), the HTML without newsletter chrome (web-view banner, unsubscribe and share footers, tracking
 * pixels), sanitized, and its text. The Message-ID is the guid, so a redelivery updates the same post.
 */
export function emailDraft(
  email: InboundEmail,
  publicationSlug: string,
  raw: { key: string; contentType: string },
): PostDraft {
  const webVersion = email.html ? webVersionUrl(email.html) : null;
  const url = webVersion ?? `https://${publicationSlug}/email/${digest(email.messageId)}`;
  const contentHtml = email.html ? sanitizePostHtml(cleanNewsletterHtml(email.html), { baseUrl: url }) : null;
  const bodyText = contentHtml ? htmlToPlainText(contentHtml) : (email.text ?? '').trim();
  return {
    guid: email.messageId,
    url,
    title: email.subject.trim() || `Mail of ${email.date?.toISOString().slice(0, 10) ?? 'unknown date'}`,
    subtitle: null,
    description: null,
    author: email.from.name || null,
    imageUrl: null,
    audioUrl: null,
    contentHtml,
    bodyText,
    textSource: 'email',
    language: null,
    publishedAt: email.date,
    rawKey: raw.key,
    rawContentType: raw.contentType,
  };
}

function webVersionUrl(html: string): string | null {
  const anchors = html.matchAll(/<a\b[^>]*>([\s\S]{0,300}?)<\/a>/giu);
  for (const anchor of anchors) {
    const text = anchor[1]!.replace(/<[^>]+>/gu, ' ');
    if (!WEB_VERSION.test(text)) continue;
    const href = htmlTags(anchor[0], 'a')[0]?.href;
    if (href && /^https?:\/\//iu.test(href)) return stripTrackingParams(href);
  }
  return null;
}

function digest(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 24);
}
