import render from 'dom-serializer';
import { type AnyNode, type Element, isTag } from 'domhandler';
import { getElementsByTagName, removeElement, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { limitNesting } from '@/lib/ingest/html/limit-nesting';
import { isTrackingPixel } from '@/lib/ingest/html/tracking-pixel';

// Link texts of newsletter chrome: web-view banners, unsubscribe and preference footers, subscribe prompts, sharing.
const CHROME_LINK_TEXT =
  /^\s*(view (this (post|email|newsletter) )?(in|on) (your )?(the )?(browser|web)|view online|read online|read in (your )?browser|unsubscribe|manage (your )?(preferences|subscription|email settings)|update (your )?preferences|email preferences|subscribe( here| now)?|share|tweet|like|restack|comment|forward to a friend)\b/i;
// Link targets of the same chrome, whatever their text says.
const CHROME_HREF =
  /unsubscribe|\/manage\/?(subscription|preferences)|list-manage\.com\/(profile|unsubscribe)|twitter\.com\/intent|x\.com\/intent|facebook\.com\/sharer|linkedin\.com\/(sharearticle|shareArticle|sharing)|\/action\/disable_email|mailto:\?/i;
// Sentences that only frame the mail ("You are receiving this…", "Forwarded this email? Subscribe here").
const CHROME_TEXT =
  /(you (are|'re) receiving this|you received this (email|message)|forwarded this email\?|was this (email )?forwarded to you|if you (no longer )?wish to (stop|unsubscribe)|to stop receiving these|view this (post|email) (in|on) (your )?(the )?(browser|web)|trouble viewing this email|©\s*\d{4}.*(all rights reserved|unsubscribe))/i;
// A chrome block is small: an ancestor holding more text than this is article body and is never removed.
const MAX_CHROME_TEXT = 400;
const BLOCK_TAGS = new Set(['p', 'div', 'td', 'tr', 'table', 'li', 'ul', 'center', 'section', 'footer', 'header']);

function onlyContentOf(parent: Element, child: AnyNode): boolean {
  return parent.children.every((sibling) => sibling === child || textContent(sibling).trim().length === 0);
}

/**
 * The block to remove for a chrome node: its nearest block ancestor (a link takes its sentence with it), then
 * wrappers around that block as long as they hold nothing else, and never anything above 400 characters of text.
 */
function enclosingChromeBlock(node: Element): Element {
  let block: Element = node;
  let parent = node.parent;
  while (!BLOCK_TAGS.has(block.name) && parent && isTag(parent) && BLOCK_TAGS.has(parent.name)) {
    if (textContent(parent).trim().length > MAX_CHROME_TEXT) return block;
    block = parent;
    parent = parent.parent;
    break;
  }
  while (parent && isTag(parent) && BLOCK_TAGS.has(parent.name) && onlyContentOf(parent, block)) {
    if (textContent(parent).trim().length > MAX_CHROME_TEXT) break;
    block = parent;
    parent = parent.parent;
  }
  return block;
}

function blocksWithOwnText(nodes: AnyNode[]): Element[] {
  return getElementsByTagName((name) => BLOCK_TAGS.has(name), nodes, true).filter((element) => {
    const text = textContent(element).replace(/\s+/g, ' ').trim();
    return text.length > 0 && text.length <= MAX_CHROME_TEXT && CHROME_TEXT.test(text);
  });
}

/**
 * Removes newsletter chrome from an e-mail's HTML before it is sanitized: tracking pixels; links whose text or
 * target is a web-view, unsubscribe, preferences, subscribe or share link, together with their enclosing block as
 * long as it holds at most 400 characters of text; and blocks of at most 400 characters that say "You are
 * receiving this", "Forwarded this email?" and the like. Larger blocks are article body and stay. Elements nested
 * past MAX_NESTING are unwrapped first, as the tree walks here recurse once per level.
 */
export function cleanNewsletterHtml(html: string): string {
  const document = parseDocument(limitNesting(html));
  for (const image of getElementsByTagName('img', document.children, true)) {
    if (isTrackingPixel(image.attribs)) removeElement(image);
  }
  for (const link of getElementsByTagName('a', document.children, true)) {
    if (!link.parent) continue;
    const text = textContent(link).replace(/\s+/g, ' ').trim();
    const href = link.attribs.href ?? '';
    if (CHROME_LINK_TEXT.test(text) || CHROME_HREF.test(href)) removeElement(enclosingChromeBlock(link));
  }
  // Innermost first, so a matching paragraph goes without its larger matching container when that holds body text.
  for (const block of blocksWithOwnText(document.children).reverse()) {
    // Checked again: an outer block matched only through an inner one that is gone by now.
    const text = textContent(block).replace(/\s+/g, ' ').trim();
    if (block.parent && CHROME_TEXT.test(text)) removeElement(enclosingChromeBlock(block));
  }
  return render(document, { encodeEntities: 'utf8' });
}
