import { encode } from 'next-auth/jwt';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buyBriefAction } from '@/app/search/brief-actions';
import { quoteBrief } from '@/app/search/brief-quote';
import { issueSessionToken } from '@/lib/accounts/sessions/issue';
import { ensureUser } from '@/lib/accounts/users/ensure';
import { authSecret } from '@/lib/auth/secret-key';
import { allowanceWeekStart } from '@/lib/credits/week';
import { indexPendingPosts } from '@/lib/search/index/index-pending';
import { closeTestAppContext, openTestAppContext } from '@/tests/helpers/app-context';
import { suiteDatabase } from '@/tests/helpers/suite-database';

// The search page's Ask box, through its own server code: the price it shows (quoteBrief) and the buy (buyBriefAction,
// which sends the shown quote to POST /api/v1/briefs with the browser's session). A buy charges the price shown, or,
// when the sources changed since, is refused with the new price and charges nothing; the page then shows that price
// and the buyer asks again.
// The request's cookies and headers, as next/headers would read them; the sign-in check and the route are the real ones.
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined) }),
  headers: async () => new Headers({ 'x-forwarded-for': '127.0.0.1', host: 'localhost' }),
}));

const db = suiteDatabase();
const QUESTION = 'What is happening to zinc smelter margins?';
let publicationId: string;

beforeAll(async () => {
  await openTestAppContext(db);
  const [publication] = await db.query<{ id: string }>(
    `insert into publications (slug, title, site_url, source_kind)
     values ('metals.example', 'Metals Weekly', 'https://metals.example', 'rss') returning id`,
  );
  publicationId = publication!.id;
  await addPost(
    'zinc-squeeze',
    'Smelters in a squeeze',
    'Zinc smelter margins collapsed to a ten-year low this quarter as treatment charges fell. Two European plants have cut output.',
  );
  return closeTestAppContext;
});

async function addPost(slug: string, title: string, body: string) {
  await db.query(
    `insert into posts (publication_id, guid, slug, title, url, body_text, published_at)
     values ($1, $2, $2, $3, 'https://metals.example/' || $2, $4, now() - interval '1 hour')`,
    [publicationId, slug, title, body],
  );
  await indexPendingPosts(db);
}

async function signIn(email: string): Promise<string> {
  const user = await ensureUser(db, email);
  const issued = await issueSessionToken(db, user.id, { name: 'Dashboard sign-in', kind: 'dashboard' });
  const token = { sub: user.id, email: user.email, sessionToken: issued.token, sessionTokenId: issued.id };
  jar.set('next-auth.session-token', await encode({ token, secret: await authSecret() }));
  return user.id;
}

/** What the user has spent this week, from the allowance the session spends first. */
async function spentCents(userId: string): Promise<number> {
  const rows = await db.query<{ spent_cents: number }>(
    'select spent_cents from allowance_weeks where user_id = $1 and week_start = $2::date',
    [userId, allowanceWeekStart(new Date())],
  );
  return Number(rows[0]?.spent_cents ?? 0);
}

describe('the Ask box buys at the price it showed', () => {
  it('charges the shown price; when the sources changed, refuses with the new price, and the new quote buys', async () => {
    const userId = await signIn('ask-box@example.com');
    const shown = await quoteBrief(QUESTION);
    if (!('quote' in shown)) throw new Error(`no quote: ${JSON.stringify(shown)}`);
    expect(shown.quote.amountUsd).toBe('0.10');
    expect(shown.quote.sources.map((s) => s.postSlug)).toEqual(['zinc-squeeze']);

    // A second post that answers as well arrives after the price was shown: the brief would now read two sources.
    await addPost(
      'zinc-worst-decade',
      'Another bad quarter for smelters',
      'Zinc smelter margins are now negative for most plants outside China, and more closures are coming.',
    );
    const stale = await buyBriefAction(QUESTION, shown.quote.quote);
    expect(stale).toMatchObject({ ok: false, code: 'quote_changed' });
    expect(!stale.ok && stale.error).toContain('You were not charged: check the new price below and buy again.');
    expect(await spentCents(userId)).toBe(0);

    // The page shows the new price (the "Show the new price" link reloads the quote); that quote buys, at that price.
    const again = await quoteBrief(QUESTION);
    if (!('quote' in again)) throw new Error(`no quote: ${JSON.stringify(again)}`);
    expect(again.quote.amountUsd).toBe('0.20');
    const bought = await buyBriefAction(QUESTION, again.quote.quote);
    if (!bought.ok) throw new Error(bought.error);
    expect(bought.value.quote).toBe(again.quote.quote);
    expect(bought.value.paymentInfo?.amountUsd).toBe('0.20');
    expect(bought.value.sources.map((s) => s.postSlug).sort()).toEqual(['zinc-squeeze', 'zinc-worst-decade']);
    expect(await spentCents(userId)).toBe(20);
  }, 60_000);
});
