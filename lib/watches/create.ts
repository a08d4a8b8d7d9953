import { hashSecretToken } from '@/lib/accounts/secret-token';
import type { WatchInput } from '@/lib/api/contracts/watches';
import { ApiError, invalidInput } from '@/lib/api/errors';
import type { Db } from '@/lib/db/types';
import { MAX_WATCHES_PER_ACCOUNT } from './limits';
import { newFeedToken, newWebhookSecret } from './secrets';
import { type SecretKey, sealSigningSecret } from './signing-secret';
import { storeTopicKeys, termIdfs } from './topic-key';
import { topicTerms } from './topic-terms';
import { selectWatches, toWatchView, type WatchView } from './watch-view';
import { type WebhookNetwork, WebhookUrlError, webhookDestination } from './webhook-destination';

export interface CreatedWatch {
  watch: WatchView;
  /** Shown once: the Standard Webhooks signing secret. */
  secret: string;
  /** Shown once: the token of the watch's feeds. */
  feedToken: string;
  feedUrl: string;
}

/**
 * Creates a watch for an account. Its input is already valid as a shape (the zod contract); here it is checked against
 * the world: the publication exists, the topic has searchable words, the webhook URL is public, and the account is
 * under its limit. `baseUrl` is the origin the paid URLs of its events point at.
 */
export async function createWatch(
  db: Db,
  userId: string,
  input: WatchInput,
  options: { baseUrl: string; network: WebhookNetwork; secretKey: SecretKey },
): Promise<CreatedWatch> {
  if (input.webhookUrl !== undefined) {
    try {
      await webhookDestination(input.webhookUrl, options.network);
    } catch (error) {
      if (error instanceof WebhookUrlError) throw invalidInput('body', { webhookUrl: [error.message] });
      throw error;
    }
  }
  const topic = input.kind === 'query' ? topicTerms(input.query!) : null;
  if (topic && topic.terms.length === 0) {
    throw invalidInput('body', { query: ['has no searchable words (only time phrases or stopwords)'] });
  }
  let publicationId: string | null = null;
  if (input.kind === 'publication') {
    const [row] = await db.query<{ id: string }>('select id from publications where slug = $1', [
      input.publicationSlug,
    ]);
    if (!row)
      throw new ApiError({ code: 'not_found', message: `Publication ${input.publicationSlug} is not indexed.` });
    publicationId = row.id;
  }
  const minConfidence = topic ? (input.minConfidence ?? 'weak') : null;
  // Read before the transaction: the key is chosen by the terms' idfs (topic-key.ts).
  const idfs = topic ? await termIdfs(db, [topic]) : null;
  const secret = newWebhookSecret();
  const feedToken = newFeedToken();
  const id = await db.transaction(async (tx) => {
    // Counted under a lock on the account's row, so two requests at once cannot both take the last place.
    await tx.query('select id from users where id = $1 for update', [userId]);
    const [{ n } = { n: 0 }] = await tx.query<{ n: number }>(
      'select count(*)::int as n from watches where user_id = $1',
      [userId],
    );
    if (n >= MAX_WATCHES_PER_ACCOUNT) {
      throw new ApiError({
        code: 'watch_limit_reached',
        message: `An account keeps at most ${MAX_WATCHES_PER_ACCOUNT} watches: delete one first.`,
      });
    }
    const [row] = await tx.query<{ id: string }>(
      `insert into watches (user_id, kind, ticker, events, query, terms, min_confidence, publication_id, webhook_url,
                            webhook_secret, feed_token_hash, base_url)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
      [
        userId,
        input.kind,
        input.kind === 'ticker' ? input.ticker : null,
        input.kind === 'ticker' ? [...new Set(input.events ?? ['call', 'mention'])] : [],
        topic ? input.query : null,
        topic?.terms ?? null,
        minConfidence,
        publicationId,
        input.webhookUrl ?? null,
        sealSigningSecret(secret, options.secretKey),
        hashSecretToken(feedToken),
        options.baseUrl,
      ],
    );
    if (topic) await storeTopicKeys(tx, [{ watchId: row!.id, topic, minConfidence: minConfidence! }], idfs!);
    return row!.id;
  });
  const [created] = await selectWatches(db, userId, id);
  const watch = toWatchView(created!);
  return { watch, secret, feedToken, feedUrl: `${watch.feedUrls.json}&token=${feedToken}` };
}
