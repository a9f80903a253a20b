/**
 * Stacked horizontal bars, one per row, each split into shares that add up to the row's n: the
 * outcome mix per case type (and per layout) of eval:pipeline as SVG.
 */
export interface StackedRow {
  label: string;
  parts: Array<{ name: string; count: number }>;
}

const COLOURS: Record<string, string> = {
  approved: '#2e7d32',
  review: '#f9a825',
  failed: '#c62828',
  refused: '#6a1b9a',
  error: '#9e9e9e',
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function stackedBarChart(title: string, rows: StackedRow[]): string {
  const labelWidth = 280;
  const barWidth = 480;
  const rowHeight = 24;
  const top = 48;
  const width = labelWidth + barWidth + 80;
  const height = top + rows.length * rowHeight + 40;
  const names = [...new Set(rows.flatMap((r) => r.parts.map((p) => p.name)))];
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="10" y="20" font-size="14" font-weight="bold">${escape(title)}</text>`,
  ];
  names.forEach((name, i) => {
    const x = labelWidth + i * 95;
    out.push(`<rect x="${x}" y="28" width="12" height="12" fill="${COLOURS[name] ?? '#607d8b'}"/>`);
    out.push(`<text x="${x + 16}" y="38">${escape(name)}</text>`);
  });
  rows.forEach((row, i) => {
    const y = top + i * rowHeight;
    const n = row.parts.reduce((sum, p) => sum + p.count, 0);
    out.push(`<text x="${labelWidth - 8}" y="${y + 15}" text-anchor="end">${escape(row.label)}</text>`);
    let x = labelWidth;
    for (const part of row.parts) {
      if (part.count === 0 || n === 0) continue;
      const w = (part.count / n) * barWidth;
      out.push(
        `<rect x="${x.toFixed(1)}" y="${y + 3}" width="${w.toFixed(1)}" height="${rowHeight - 6}" fill="${COLOURS[part.name] ?? '#607d8b'}">`,
      );
      out.push(`<title>${escape(`${row.label}: ${part.name} ${part.count}/${n}`)}</title></rect>`);
      if (w > 22) out.push(`<text x="${(x + w / 2).toFixed(1)}" y="${y + 16}" text-anchor="middle" fill="#fff">${part.count}</text>`);
      x += w;
    }
    out.push(`<text x="${labelWidth + barWidth + 6}" y="${y + 15}">n=${n}</text>`);
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}
