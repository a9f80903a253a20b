/** Fixed-width console table for the end-of-run summary. */
export function formatRate(value: number | null | undefined): string {
  return value === null || value === undefined ? 'n/a' : `${(value * 100).toFixed(1)}%`;
}

export function formatMs(value: number | null | undefined): string {
  return value === null || value === undefined ? 'n/a' : `${value.toFixed(0)} ms`;
}

export function table(rows: [string, string][]): string {
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`).join('\n');
}
