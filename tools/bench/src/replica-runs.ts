import { loadavg } from 'node:os';

/**
 * `--replicas 1,2` (or BENCH_REPLICAS=1,2): the processes per gRPC service of each run of a bench;
 * several values run one stack after the other, back to back, and the figures print side by side.
 */
export function replicaCounts(argv: string[], env: NodeJS.ProcessEnv = process.env): number[] {
  let text = env.BENCH_REPLICAS ?? '1';
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--replicas') text = argv[i + 1] ?? '';
    else if (argv[i].startsWith('--replicas=')) text = argv[i].slice('--replicas='.length);
  }
  const counts = text.split(',').map((part) => Number(part.trim()));
  if (!counts.length || counts.some((n) => !Number.isInteger(n) || n < 1 || n > 8))
    throw new Error(`--replicas takes whole numbers from 1 to 8, comma-separated (e.g. 1,2), not "${text}"`);
  return counts;
}

/** The 1-minute load average now, to one decimal: the machine is shared, so every figure carries it. */
export function loadNow(): number {
  return Math.round(loadavg()[0] * 10) / 10;
}

/** A table with one column per run: rows of [label, value per run]. */
export function sideBySide(header: string[], rows: [string, ...string[]][]): string {
  const widths = header.map((h, column) => Math.max(h.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[column]))).join('   ');
  return [line(header), ...rows.map((row) => line(row))].join('\n');
}
