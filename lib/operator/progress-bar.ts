/** A one-line progress bar redrawn in place on a terminal stream: `[#####     ] 12/40 feed-name`. */
export function progressBar(stream: NodeJS.WriteStream, width = 30) {
  return (done: number, total: number, label: string) => {
    const filled = total > 0 ? Math.round((done / total) * width) : width;
    const line = `[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total} ${label}`;
    stream.write(`\r${line.slice(0, (stream.columns ?? 100) - 1).padEnd((stream.columns ?? 100) - 1)}`);
    if (done >= total) stream.write('\n');
  };
}
