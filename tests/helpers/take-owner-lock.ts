/**
 * `tsx tests/helpers/take-owner-lock.ts <DATA_DIR>`: one attempt at the owner lock, held for a second; prints
 * "took" or "held by <pid>" (tests/unit/owner-lock.test.ts races several of these over a stale lock).
 */
import { tryTakeOwnerLock } from '@/lib/db/owner/owner-lock';

const taken = tryTakeOwnerLock(process.argv[2]!, 'service');
console.log('heldBy' in taken ? `held by ${taken.heldBy.pid}` : 'took');
await new Promise((resolve) => setTimeout(resolve, 1500));
