import { z } from 'zod';
import { typed } from '@/lib/db/typed';
import { listFailedEmails } from '@/lib/ingest/email/failed-emails';
import { listPostFailures } from '@/lib/post-failures/list-failures';
import { type CommandDefinition, define } from './command';
import { textTable } from './text-table';

export const POST_FAILURE_COMMANDS: CommandDefinition[] = [
  define({
    name: 'posts failed',
    summary:
      'Posts quarantined at a processing stage (index, embed, summary, picks), and mails kept raw but not filed.',
    usage: 'posts failed [--publication SLUG]',
    args: z.strictObject({ publication: z.string().min(1).optional() }),
    async run(db, args) {
      let publicationId: string | undefined;
      if (args.publication) {
        const row = await typed(db)
          .selectFrom('publications')
          .select('id')
          .where('slug', '=', args.publication.toLowerCase())
          .executeTakeFirst();
        // An unknown slug lists nothing rather than everything.
        publicationId = row?.id ?? '00000000-0000-0000-0000-000000000000';
      }
      const posts = await listPostFailures(db, { publicationId });
      const emails = args.publication ? [] : await listFailedEmails(db);
      return { failed: posts.length + emails.length, posts, emails };
    },
    render(result) {
      const posts = result.posts as Awaited<ReturnType<typeof listPostFailures>>;
      const emails = result.emails as Awaited<ReturnType<typeof listFailedEmails>>;
      if (posts.length + emails.length === 0) return 'No failed posts.';
      const parts: string[] = [];
      if (posts.length > 0) {
        parts.push(
          textTable(
            ['post', 'stage', 'attempts', 'next retry', 'reason'],
            posts.map((p) => [`${p.publication}/${p.post}`, p.stage, String(p.attempts), p.nextRetryAt, p.reason]),
          ),
        );
      }
      if (emails.length > 0) {
        parts.push(
          textTable(
            ['e-mail (kept raw)', 'publication', 'failed at', 'reason'],
            emails.map((e) => [e.messageId, e.publication, e.failedAt, e.reason]),
          ),
        );
      }
      return `${parts.join('\n\n')}\n\nRetry after a fix: npm run admin -- posts reprocess --failed`;
    },
  }),
];
