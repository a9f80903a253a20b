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
  const rows = bars
    .map((bar, i) => {
      const y = 30 + i * rowHeight;
      const width = bar.value === null ? 0 : Math.max(0, Math.min(1, bar.value)) * barWidth;
      const text = bar.value === null ? 'n/a' : `${(bar.value * 100).toFixed(1)}%`;
      return (
        `<text x="${labelWidth - 8}" y="${y + 16}" text-anchor="end" font-size="13">${escapeXml(bar.label)}</text>` +
        `<rect x="${labelWidth}" y="${y + 3}" width="${barWidth}" height="18" fill="#eef1f5"/>` +
        `<rect x="${labelWidth}" y="${y + 3}" width="${width.toFixed(1)}" height="18" fill="#3b6ea8"/>` +
        `<text x="${labelWidth + barWidth + 8}" y="${y + 16}" font-size="13">${text}${bar.note ? ` ${escapeXml(bar.note)}` : ''}</text>`
      );
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${labelWidth + barWidth + 140}" height="${height}" font-family="sans-serif">` +
    `<text x="8" y="18" font-size="15" font-weight="bold">${escapeXml(title)}</text>${rows}</svg>`
  );
}

/** One latency series of a distribution chart. */
export interface LatencySeries {
  label: string;
  valuesMs: readonly number[];
  colour: string;
}

/**
 * The cumulative distribution of each series (share of images done within x ms), with the 95 % line and, when
 * given, a target's vertical line: where p95 falls against the target, and how far apart the series lie, at a look.
 * The x axis ends at the slowest series' 99th percentile; slower images are counted in the legend.
 */
export function latencyDistributionSvg(title: string, series: LatencySeries[], targetMs?: number): string {
  const left = 60;
  const top = 34;
  const plotWidth = 560;
  const plotHeight = 220;
  const populated = series.filter((s) => s.valuesMs.length > 0);
  const sortedSeries = populated.map((s) => [...s.valuesMs].sort((a, b) => a - b));
  const p99 = Math.max(targetMs ?? 0, ...sortedSeries.map((v) => v[Math.max(0, Math.ceil(v.length * 0.99) - 1)]));
  const xMax = Math.max(100, Math.ceil(p99 / 100) * 100);
  const x = (ms: number): number => left + (Math.min(ms, xMax) / xMax) * plotWidth;
  const y = (share: number): number => top + (1 - share) * plotHeight;
  const tickStep = xMax > 1000 ? 200 : 100;
  const ticks = Array.from({ length: Math.floor(xMax / tickStep) + 1 }, (_, i) => i * tickStep);
  const axes =
    `<rect x="${left}" y="${top}" width="${plotWidth}" height="${plotHeight}" fill="#fafbfc" stroke="#ccc"/>` +
    ticks.map((t) => `<text x="${x(t).toFixed(1)}" y="${top + plotHeight + 16}" text-anchor="middle" font-size="11">${t}</text>`).join('') +
    `<text x="${left + plotWidth / 2}" y="${top + plotHeight + 32}" text-anchor="middle" font-size="12">ms per image</text>` +
    [0, 0.5, 0.95, 1]
      .map(
        (share) =>
          `<text x="${left - 6}" y="${(y(share) + 4).toFixed(1)}" text-anchor="end" font-size="11">${Math.round(share * 100)}%</text>`,
      )
      .join('') +
    `<line x1="${left}" x2="${left + plotWidth}" y1="${y(0.95).toFixed(1)}" y2="${y(0.95).toFixed(1)}" stroke="#999" stroke-dasharray="3 3"/>` +
    (targetMs === undefined
      ? ''
      : `<line x1="${x(targetMs).toFixed(1)}" x2="${x(targetMs).toFixed(1)}" y1="${top}" y2="${top + plotHeight}" stroke="#c0392b" stroke-dasharray="5 3"/>` +
        `<text x="${(x(targetMs) + 4).toFixed(1)}" y="${top + plotHeight - 8}" font-size="11" fill="#c0392b">target ${targetMs} ms</text>`);
  const lines = sortedSeries
    .map((values, i) => {
      const points = values.flatMap((ms, k) => [
        `${x(ms).toFixed(1)},${y(k / values.length).toFixed(1)}`,
        `${x(ms).toFixed(1)},${y((k + 1) / values.length).toFixed(1)}`,
      ]);
      return `<polyline fill="none" stroke="${populated[i].colour}" stroke-width="2" points="${x(0).toFixed(1)},${y(0).toFixed(1)} ${points.join(' ')}"/>`;
    })
    .join('');
  const legend = populated
    .map((s, i) => {
      const beyond = sortedSeries[i].filter((ms) => ms > xMax).length;
      const ly = top + plotHeight + 52 + i * 18;
      return (
        `<rect x="${left}" y="${ly - 10}" width="14" height="4" fill="${s.colour}"/>` +
        `<text x="${left + 20}" y="${ly - 4}" font-size="12">${escapeXml(s.label)} (${s.valuesMs.length} images${beyond > 0 ? `, ${beyond} beyond ${xMax} ms` : ''})</text>`
      );
    })
    .join('');
  const height = top + plotHeight + 52 + populated.length * 18;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${left + plotWidth + 40}" height="${height}" font-family="sans-serif">` +
    `<text x="8" y="18" font-size="15" font-weight="bold">${escapeXml(title)}</text>${axes}${lines}${legend}</svg>`
  );
}

export function htmlPage(title: string, charts: string[], json: unknown): string {
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeXml(title)}</title>` +
    '<style>body{font-family:sans-serif;margin:24px}pre{background:#f6f6f6;padding:12px;overflow:auto}</style></head><body>' +
    `<h1>${escapeXml(title)}</h1>${charts.map((c) => `<div>${c}</div>`).join('')}` +
    `<h2>Raw figures</h2><pre>${escapeXml(JSON.stringify(json, null, 2))}</pre></body></html>\n`
  );
}
