/**
 * Reads a V8 CPU profile (.cpuprofile, as `node --cpu-prof` writes it) of the built server: the busy time of a window
 * of it by part of the stack (Next.js, the database driver, search's own code, zod, garbage collection…) and its top
 * frames. The built app's own code sits in Turbopack chunks; their source maps (written beside them) name the file
 * each frame came from, so `lib/search/...` is told apart from the rest of the bundle.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FlattenMap, originalPositionFor, type TraceMap } from '@jridgewell/trace-mapping';

export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }>;
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The parts a frame's source is put under, most specific first; the first whose test matches names the part. */
const PARTS: Array<[string, (source: string, name: string) => boolean]> = [
  ['garbage collection', (_source, name) => name === '(garbage collector)'],
  ['search (lib/search)', (source) => source.includes('lib/search/')],
  ['API contract and responses (zod, lib/api)', (source) => /node_modules\/zod\/|lib\/api\//.test(source)],
  ['database driver (postgres.js, PGlite)', (source) => /node_modules\/(postgres|@electric-sql)\//.test(source)],
  [
    'the rest of the app (lib/, app/)',
    (source) => /(^|\/)(lib|app)\//.test(source) && !source.includes('node_modules'),
  ],
  ['Next.js', (source) => source.includes('node_modules/next/')],
  ['Node.js (http, streams, sockets)', (source) => source.startsWith('node:')],
];
const OTHER = 'other (native code, other libraries)';

const maps = new Map<string, TraceMap | null>();

/**
 * Where a frame's code came from, the original file and line through the chunk's source map when it has one (the
 * built server's code is minified: the map gives back its file and, at a function's start, its name).
 */
function originOf(frame: CpuProfile['nodes'][number]['callFrame']): { source: string; line: number; name: string } {
  const { url, lineNumber, columnNumber, functionName } = frame;
  const asIs = { source: url, line: lineNumber + 1, name: functionName };
  if (!url.startsWith('file://') || !url.includes('/.next/')) return asIs;
  let map = maps.get(url);
  if (map === undefined) {
    const file = `${fileURLToPath(url)}.map`;
    map = existsSync(file) ? FlattenMap(JSON.parse(readFileSync(file, 'utf8'))) : null;
    maps.set(url, map);
  }
  if (!map) return asIs;
  const original = originalPositionFor(map, { line: lineNumber + 1, column: Math.max(0, columnNumber) });
  if (!original.source) return asIs;
  return { source: original.source, line: original.line ?? 0, name: original.name ?? functionName };
}

function partOf(source: string, name: string): string | null {
  return PARTS.find(([, test]) => test(source, name))?.[0] ?? null;
}

/** A frame as printed: its function and where it came from, shortened to the project's or the package's path. */
function label({ name, source, line }: { name: string; source: string; line: number }): string {
  const short = source
    .replace(/^.*node_modules\//, '')
    .replace(/^.*\[project\]\//, '')
    .replace(/^file:\/\/.*?\/(lib|app|scripts)\//, '$1/');
  return `${name || '(anonymous)'} ${short ? `${short}:${line}` : ''}`.trim();
}

export function summarizeProfile(
  profile: CpuProfile,
  window: { fromEndMicros: number; toEndMicros: number },
  top = 25,
) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const origins = new Map(profile.nodes.map((node) => [node.id, originOf(node.callFrame)]));

  const from = profile.endTime - window.fromEndMicros;
  const to = profile.endTime - window.toEndMicros;
  const parts = new Map<string, number>();
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const callers = new Map<string, number>();
  let busy = 0;
  let all = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const weight = profile.timeDeltas[i + 1] ?? 0;
    if (at < from || at > to) return;
    all += weight;
    const leaf = byId.get(id)!;
    if (leaf.callFrame.functionName === '(idle)') return;
    busy += weight;
    const stack: number[] = [];
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) stack.push(node);
    const labels = stack.map((node) => label(origins.get(node)!));
    self.set(labels[0]!, (self.get(labels[0]!) ?? 0) + weight);
    for (const name of new Set(labels)) total.set(name, (total.get(name) ?? 0) + weight);
    // Node's own work (a socket write, a stream) is put under the code that asked for it.
    const asker = stack.findIndex((node) => {
      const { source } = origins.get(node)!;
      return source !== '' && !source.startsWith('node:');
    });
    const caller = asker < 0 ? labels[0]! : labels[asker]!;
    callers.set(caller, (callers.get(caller) ?? 0) + weight);
    const part =
      stack.map((node) => partOf(origins.get(node)!.source, byId.get(node)!.callFrame.functionName)).find(Boolean) ??
      OTHER;
    parts.set(part, (parts.get(part) ?? 0) + weight);
  });
  const shares = (counts: Map<string, number>, n: number) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, micros]) => ({ name, share: micros / Math.max(1, busy) }));
  return {
    busyMicros: busy,
    busyShare: busy / Math.max(1, all),
    parts: shares(parts, PARTS.length + 1).map(({ name, share }) => [name, share] as const),
    selfTop: shares(self, top),
    totalTop: shares(total, top),
    callerTop: shares(callers, top),
  };
}
