import { readFileSync } from 'node:fs';

/**
 * When a process started, as the kernel counts it (field 22 of /proc/<pid>/stat: clock ticks since boot), or null
 * where there is no /proc (macOS) or the process is gone. A pid is reused once its process ends; the same pid with
 * another start time is another process, so a lock naming it belongs to nobody.
 */
export function processStartTicks(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces or parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
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
