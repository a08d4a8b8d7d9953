import { z } from 'zod';
import { configuredGenerators } from '@/lib/content/generators';
import { extractPostPicks } from '@/lib/content/picks/extract-post-picks';
import { listPostsNeedingPicks } from '@/lib/content/picks/list-posts-needing-picks';
import { generatePostSummary } from '@/lib/content/summaries/generate-post-summary';
import { listPostsMissingSummaries } from '@/lib/content/summaries/list-missing-summaries';
import { typed } from '@/lib/db/typed';
import type { Db } from '@/lib/db/types';
import { type CommandDefinition, CommandError, define } from './command';

const flag = z.literal(true, 'is a flag and takes no value');
const limit = z.coerce.number().int().min(1).max(10_000);
const POST_PATH = /^([^/\s]+)\/([^/\s]+)$/u;

async function postByPath(db: Db, path: string): Promise<{ id: string; label: string }> {
  const match = POST_PATH.exec(path);
  if (!match) throw new CommandError(`"${path}" is not <publicationSlug>/<postSlug>`);
  const row = await typed(db)
    .selectFrom('posts as p')
    .innerJoin('publications as pub', 'pub.id', 'p.publication_id')
    .select('p.id')
    .where('pub.slug', '=', match[1]!.toLowerCase())
    .where('p.slug', '=', match[2]!.toLowerCase())
    .executeTakeFirst();
  if (!row) throw new CommandError(`No post ${path}`);
  return { id: row.id, label: path };
}

/** Runs `work` on each post in turn; one post's failure is reported with it and the others go on. */
async function eachPost<R extends { status: string }>(
  posts: Array<{ id: string; label: string }>,
  work: (postId: string) => Promise<R>,
  progress?: (done: number, total: number, label: string) => void,
) {
  const items: Array<{ post: string; status: string; error?: string } & Partial<R>> = [];
  for (const post of posts) {
    try {
      items.push({ post: post.label, ...(await work(post.id)) });
    } catch (error) {
      items.push({ post: post.label, status: 'failed', error: (error as Error).message } as (typeof items)[number]);
    }
    progress?.(items.length, posts.length, post.label);
  }
  const count = (status: string) => items.filter((item) => item.status === status).length;
  return { items, count };
}

export const CONTENT_GENERATION_COMMANDS: CommandDefinition[] = [
  define({
    name: 'summaries generate',
    summary:
      "Generate posts' summaries now: one post, or those missing a summary of their current text (--force: or whose summary an older generator wrote).",
    usage: 'summaries generate (<publicationSlug>/<postSlug> | --missing [--limit N]) [--force]',
    args: z
      .strictObject({
        _: z.tuple([z.string().min(3).max(600)], 'takes one <publicationSlug>/<postSlug>').optional(),
        missing: flag.optional(),
        limit: limit.optional(),
        force: flag.optional(),
      })
      .refine((args) => (args._ === undefined) !== (args.missing === undefined), 'give a post path or --missing'),
    async run(db, args, context) {
      const { summarizer } = configuredGenerators();
      const olderThan = args.force ? summarizer.generator : undefined;
      const posts = args._
        ? [await postByPath(db, args._[0])]
        : await listPostsMissingSummaries(db, { limit: args.limit ?? 50, olderThan });
      const { items, count } = await eachPost(
        posts,
        (postId) => generatePostSummary(db, postId, { summarizer, force: args.force === true }),
        context?.progress,
      );
      return {
        generator: summarizer.generator,
        generated: count('generated'),
        unchanged: count('unchanged'),
        failed: count('failed'),
        items: items.map(({ post, status, generator, error }) => ({ post, status, generator, error })),
      };
    },
  }),
  define({
    name: 'picks extract',
    summary:
      'Extract stock picks from summarized posts whose current text has not been read yet (--force: or was read by an older generator).',
    usage: 'picks extract [--since YYYY-MM-DD] [--limit N] [--force]',
    args: z.strictObject({ since: z.iso.date().optional(), limit: limit.optional(), force: flag.optional() }),
    async run(db, args, context) {
      const { extractor } = configuredGenerators();
      const olderThan = args.force ? extractor.generator : undefined;
      const posts = await listPostsNeedingPicks(db, { limit: args.limit ?? 500, since: args.since, olderThan });
      const { items, count } = await eachPost(
        posts,
        (postId) => extractPostPicks(db, postId, { extractor, force: args.force === true }),
        context?.progress,
      );
      return {
        generator: extractor.generator,
        posts: posts.length,
        picks: items.reduce((sum, item) => sum + (item.picks ?? 0), 0),
        unchanged: count('unchanged'),
        failed: count('failed'),
        errors: items.filter((item) => item.error).map(({ post, error }) => ({ post, error })),
      };
    },
  }),
];
