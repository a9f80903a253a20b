/** A self-contained HTML page with hand-written inline-SVG bar charts (no scripts, no CDN). */
export interface Bar {
  label: string;
  /** In [0, 1], or null when there was nothing to measure. */
  value: number | null;
  note?: string;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function barChartSvg(title: string, bars: Bar[]): string {
  const rowHeight = 26;
  const labelWidth = 270;
  const barWidth = 420;
  const height = 40 + bars.length * rowHeight;
  const rows = bars.map((bar, i) => {
    const y = 30 + i * rowHeight;
    const width = bar.value === null ? 0 : Math.max(0, Math.min(1, bar.value)) * barWidth;
    const text = bar.value === null ? 'n/a' : `${(bar.value * 100).toFixed(1)}%`;
    return `<text x="${labelWidth - 8}" y="${y + 16}" text-anchor="end" font-size="13">${escapeXml(bar.label)}</text>` +
      `<rect x="${labelWidth}" y="${y + 3}" width="${barWidth}" height="18" fill="#eef1f5"/>` +
      `<rect x="${labelWidth}" y="${y + 3}" width="${width.toFixed(1)}" height="18" fill="#3b6ea8"/>` +
      `<text x="${labelWidth + barWidth + 8}" y="${y + 16}" font-size="13">${text}${bar.note ? ` ${escapeXml(bar.note)}` : ''}</text>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${labelWidth + barWidth + 140}" height="${height}" font-family="sans-serif">` +
    `<text x="8" y="18" font-size="15" font-weight="bold">${escapeXml(title)}</text>${rows}</svg>`;
}

export function htmlPage(title: string, charts: string[], json: unknown): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeXml(title)}</title>` +
    '<style>body{font-family:sans-serif;margin:24px}pre{background:#f6f6f6;padding:12px;overflow:auto}</style></head><body>' +
    `<h1>${escapeXml(title)}</h1>${charts.map((c) => `<div>${c}</div>`).join('')}` +
    `<h2>Raw figures</h2><pre>${escapeXml(JSON.stringify(json, null, 2))}</pre></body></html>\n`;
}
