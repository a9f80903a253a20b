/** Percentile of a sample (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** A hand-written SVG bar chart of latency percentiles, so the figures can be seen at a glance. */
export function percentileChart(title: string, series: { label: string; values: Record<string, number> }[]): string {
  const keysOf = (values: Record<string, number>) => Object.keys(values);
  const keys = keysOf(series[0]?.values ?? {});
  const max = Math.max(1, ...series.flatMap((s) => Object.values(s.values)));
  const barWidth = 36;
  const groupWidth = keys.length * (barWidth + 6) + 40;
  const width = 80 + series.length * groupWidth;
  const height = 300;
  const scale = (v: number) => (v / max) * 200;
  const colours = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759'];
  const bars = series
    .map(
      (s, i) =>
        keysOf(s.values)
          .map((key, j) => {
            const x = 60 + i * groupWidth + j * (barWidth + 6);
            const h = scale(s.values[key]);
            return (
              `<rect x="${x}" y="${250 - h}" width="${barWidth}" height="${h}" fill="${colours[j % colours.length]}"/>` +
              `<text x="${x + barWidth / 2}" y="${245 - h}" font-size="10" text-anchor="middle">${s.values[key].toFixed(1)}</text>` +
              `<text x="${x + barWidth / 2}" y="265" font-size="10" text-anchor="middle">${key}</text>`
            );
          })
          .join('') +
        `<text x="${60 + i * groupWidth + (groupWidth - 40) / 2}" y="285" font-size="12" text-anchor="middle">${s.label}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">` +
    `<text x="10" y="20" font-size="14">${title} (ms)</text><line x1="50" y1="250" x2="${width - 10}" y2="250" stroke="#333"/>${bars}</svg>\n`
  );
}
