import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * When a process started, as the kernel counts it (field 22 of /proc/<pid>/stat: clock ticks since boot), or null
 * where the process is gone. A pid is reused once its process ends; the same pid with another start time is another
 * process, so a lock naming it belongs to nobody. Without /proc (macOS) `ps` says when it started instead.
 */
export function processStartTicks(pid: number | 'self'): string | null {
  if (process.platform !== 'linux') return psStartTime(pid === 'self' ? process.pid : pid);
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces or parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * `ps -o lstart=`: the start time to the second ("Tue Dec  2 16:25:59 2026"), in UTC and the C locale so that two
 * processes with different TZ or LANG read the same text for the same process. Null when ps does not know the pid.
 */
export function psStartTime(pid: number): string | null {
  try {
    const text = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      env: { ...process.env, TZ: 'UTC', LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return text === '' ? null : text;
  } catch {
    return null;
  }
}

let cachedBootId: string | null | undefined;

/**
 * The kernel's id of this boot (Linux: /proc/sys/kernel/random/boot_id, new at every start of the machine), or null
 * where there is none. Start ticks count from boot, so after a restart a new process can have a dead one's pid and
 * start ticks both; a record written under another boot id names a process of an earlier boot, which is gone.
 */
export function bootId(): string | null {
  if (cachedBootId === undefined) {
    try {
      cachedBootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
    } catch {
      cachedBootId = null;
    }
  }
  return cachedBootId;
}

/** Whether a process with this pid exists (EPERM: it does, under another user). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
