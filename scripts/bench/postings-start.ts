/**
 * A starting process, measured alone (`npm run bench` runs it as a child, so its memory is its own): open the
 * database, bring the postings up to date (from the snapshot in `snapshotDir`, or from every post without one), then
 * answer a search from them. Prints JSON: seconds to the postings, the first search's milliseconds, the peak RSS.
 * Arguments: <DATABASE_URL or ''> <DATA_DIR> <snapshotDir or ''>.
 */
import { openDatabase } from '@/lib/db/open';
import { keepPostingsSnapshotsIn, livePostings, postingsLoaded } from '@/lib/search/postings/live-postings';
import { searchPosts } from '@/lib/search/search-posts';
import { DirectoryRawStore } from '@/lib/storage/directory-raw-store';
import { processMemory } from './memory';

const [databaseUrl, dataDir, snapshotDir] = process.argv.slice(2);
const started = performance.now();
const db = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir: dataDir! });
if (snapshotDir) keepPostingsSnapshotsIn(db, new DirectoryRawStore(snapshotDir));
if (!(await postingsLoaded(db)) || !(await livePostings(db))) throw new Error('the postings did not load');
const loaded = performance.now();
await searchPosts(db, { q: 'market', limit: 10, mode: 'fts', now: new Date() }, { embeddings: null });
const answered = performance.now();
console.log(
  JSON.stringify({
    seconds: (answered - started) / 1000,
    postingsSeconds: (loaded - started) / 1000,
    firstSearchMs: answered - loaded,
    peakRssMiB: processMemory(process.pid)?.peakMiB ?? null,
  }),
);
await db.close();
