import { appContext } from '@/lib/app/process-context';
import type { Db } from './types';

/** The process's database, from its context (lib/app): opened and migrated once, by whoever built the context. */
export async function getDb(): Promise<Db> {
  return (await appContext()).db;
}
