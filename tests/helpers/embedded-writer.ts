/**
 * A process that owns an embedded data directory and writes to it until killed (tests/db/embedded-owner.test.ts).
 * `tsx tests/helpers/embedded-writer.ts <DATA_DIR> <role>`: prints "ready" once it owns and opened the directory,
 * then "committed N" after each committed insert, so the test knows which rows a SIGKILL must not lose.
 */
import { openDatabase } from '@/lib/db/open';
import type { OwnerRole } from '@/lib/db/owner/owner-lock';

const [dataDir, role = 'admin'] = process.argv.slice(2);
const db = await openDatabase({ dataDir: dataDir!, ownerRole: role as OwnerRole, log: () => {} });
await db.exec('create table if not exists written (id serial primary key, pad text not null)');
console.log('ready');
for (let n = 1; ; n++) {
  await db.query("insert into written (pad) values (repeat('x', 500))");
  console.log(`committed ${n}`);
}
