import { readFileSync, writeFileSync } from 'node:fs';

/** Peak and current resident memory of a process in MiB, from /proc (Linux). */
export function processMemory(pid: number): { peakMiB: number; currentMiB: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
    return { peakMiB: kib('VmHWM') / 1024, currentMiB: kib('VmRSS') / 1024 };
  } catch {
    return null;
  }
}

/** Resets a process's peak resident memory to its current one (Linux): the next peak read is of what ran since. */
export function resetPeakMemory(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux, or not allowed: the peak read later is then the process's lifetime peak.
  }
}
