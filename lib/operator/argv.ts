/**
 * Reads `<command words> --key value --flag` into a command name and its options. A flag followed by another flag,
 * or by nothing, is true. Values stay text; each command's zod schema converts and checks them.
 */
export function parseCommandLine(argv: string[]): { command: string; options: Record<string, string | true> } {
  const words: string[] = [];
  const options: Record<string, string | true> = {};
  let index = 0;
  while (index < argv.length && !argv[index]!.startsWith('-')) words.push(argv[index++]!);
  while (index < argv.length) {
    const token = argv[index++]!;
    if (token === '-h') {
      options.help = true;
      continue;
    }
    if (!token.startsWith('--')) {
      options[`unexpected argument "${token}"`] = true;
      continue;
    }
    const [key, inline] = token.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inline !== undefined) options[key] = inline;
    else if (index < argv.length && !argv[index]!.startsWith('--')) options[key] = argv[index++]!;
    else options[key] = true;
  }
  return { command: words.join(' '), options };
}
