import { type ScoredSample } from './eval-liveness';

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Hand-written SVG: fused vs model-only live probability per sample, coloured by true label. */
export function livenessChartSvg(rows: ScoredSample[], threshold: number): string {
  const rowHeight = 18;
  const labelWidth = 300;
  const plotWidth = 400;
  const height = 40 + rows.length * rowHeight;
  const x = (p: number): number => labelWidth + p * plotWidth;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${labelWidth + plotWidth + 20}" height="${height}" font-family="sans-serif" font-size="11">`,
    `<text x="4" y="14">Live probability per sample (bar: fused; tick: MiniFASNet only). Green = truly live, red = spoof.</text>`,
    `<line x1="${x(threshold)}" y1="20" x2="${x(threshold)}" y2="${height}" stroke="#444" stroke-dasharray="3,3"/>`,
  ];
  rows.forEach((row, i) => {
    const y = 26 + i * rowHeight;
    const colour = row.label === 'live' ? '#2a9d4b' : '#c0392b';
    parts.push(`<text x="4" y="${y + 11}">${escape(`${row.name} [${row.set}]`).slice(0, 60)}</text>`);
    parts.push(`<rect x="${labelWidth}" y="${y + 2}" width="${((row.liveProbability ?? 0) * plotWidth).toFixed(1)}" height="${rowHeight - 6}" fill="${colour}" opacity="0.7"/>`);
    if (row.modelLiveProbability !== null) parts.push(`<line x1="${x(row.modelLiveProbability).toFixed(1)}" y1="${y}" x2="${x(row.modelLiveProbability).toFixed(1)}" y2="${y + rowHeight - 2}" stroke="#000" stroke-width="2"/>`);
  });
  parts.push('</svg>');
  return parts.join('\n');
}
