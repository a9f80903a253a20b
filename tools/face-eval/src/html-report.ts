import { histogram, type RocPoint } from './roc';

/** A self-contained HTML page (inline SVG, no scripts) with the ROC curve and the score distributions. */

export interface HtmlReportSection {
  heading: string;
  roc: RocPoint[];
  genuine: number[];
  impostor: number[];
  threshold: number;
  summaryRows: [string, string][];
}

export interface HtmlReportInput {
  title: string;
  summaryRows: [string, string][];
  /** One section per pair set: its ROC and distance distributions. */
  sections: HtmlReportSection[];
  /** Further standalone SVG charts (e.g. liveness ROCs per set), inlined as they are. */
  extraFigures?: Array<{ caption: string; svg: string }>;
}

const W = 520,
  H = 320,
  M = 48;

function rocSvg(roc: RocPoint[]): string {
  // FAR on a log axis from 1e-3 to 1 (FAR 0 drawn at the left edge).
  const x = (far: number) => M + ((Math.log10(Math.max(far, 1e-3)) + 3) / 3) * (W - 2 * M);
  const y = (tar: number) => H - M - tar * (H - 2 * M);
  const path = roc.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.far).toFixed(1)},${y(p.tar).toFixed(1)}`).join(' ');
  const ticks = [1e-3, 1e-2, 1e-1, 1]
    .map(
      (f) =>
        `<line x1="${x(f)}" y1="${M}" x2="${x(f)}" y2="${H - M}" stroke="#ddd"/><text x="${x(f)}" y="${H - M + 16}" text-anchor="middle" font-size="11">${f}</text>`,
    )
    .join('');
  const yTicks = [0, 0.5, 0.9, 1]
    .map(
      (t) =>
        `<line x1="${M}" y1="${y(t)}" x2="${W - M}" y2="${y(t)}" stroke="#ddd"/><text x="${M - 6}" y="${y(t) + 4}" text-anchor="end" font-size="11">${t}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" role="img" aria-label="ROC curve">
${ticks}${yTicks}<rect x="${M}" y="${M}" width="${W - 2 * M}" height="${H - 2 * M}" fill="none" stroke="#333"/>
<path d="${path}" fill="none" stroke="#1565c0" stroke-width="2"/>
<text x="${W / 2}" y="${H - 8}" text-anchor="middle" font-size="12">FAR (log scale; 0 drawn at 1e-3)</text>
<text x="14" y="${H / 2}" transform="rotate(-90 14 ${H / 2})" text-anchor="middle" font-size="12">TAR</text></svg>`;
}

function distributionSvg(genuine: number[], impostor: number[], threshold: number): string {
  const all = [...genuine, ...impostor];
  const min = Math.min(...all),
    max = Math.max(...all);
  const bins = 40;
  const g = histogram(genuine, min, max, bins).map((c) => c / Math.max(1, genuine.length));
  const im = histogram(impostor, min, max, bins).map((c) => c / Math.max(1, impostor.length));
  const top = Math.max(...g, ...im, 1e-9);
  const bw = (W - 2 * M) / bins;
  const bars = (h: number[], colour: string) =>
    h
      .map(
        (v, i) =>
          `<rect x="${(M + i * bw).toFixed(1)}" y="${(H - M - (v / top) * (H - 2 * M)).toFixed(1)}" width="${bw.toFixed(1)}" height="${((v / top) * (H - 2 * M)).toFixed(1)}" fill="${colour}" fill-opacity="0.55"/>`,
      )
      .join('');
  const tx = M + ((threshold - min) / (max - min)) * (W - 2 * M);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" role="img" aria-label="distance distributions">
<rect x="${M}" y="${M}" width="${W - 2 * M}" height="${H - 2 * M}" fill="none" stroke="#333"/>
${bars(g, '#2e7d32')}${bars(im, '#c62828')}
<line x1="${tx}" y1="${M}" x2="${tx}" y2="${H - M}" stroke="#000" stroke-dasharray="4 3"/>
<text x="${M}" y="${H - M + 16}" font-size="11">${min.toFixed(2)}</text><text x="${W - M}" y="${H - M + 16}" text-anchor="end" font-size="11">${max.toFixed(2)}</text>
<text x="${W / 2}" y="${H - 8}" text-anchor="middle" font-size="12">descriptor distance (green genuine, red impostor, dashed threshold)</text></svg>`;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface RocChartCurve {
  label: string;
  points: RocPoint[];
  colour: string;
  dashed?: boolean;
  /** The operating point to mark (e.g. the decision threshold's TAR/FAR). */
  operatingPoint?: { tar: number; far: number };
}

/**
 * A standalone SVG with one or more ROC curves: TAR (accepted genuine / bona fide share) against
 * FAR (accepted impostor / attack share) on a log axis from `minFar` (FAR 0 drawn at the left
 * edge) or a linear one.
 */
export function rocChartSvg(input: {
  title: string;
  curves: RocChartCurve[];
  xScale: 'log' | 'linear';
  minFar?: number;
  xLabel: string;
  yLabel: string;
  yMin?: number;
}): string {
  const width = 560,
    height = 360,
    left = 56,
    right = 170,
    top = 40,
    bottom = 48;
  const minFar = input.minFar ?? 1e-3;
  const decades = -Math.log10(minFar);
  const yMin = input.yMin ?? 0;
  const x = (far: number) =>
    left + (input.xScale === 'log' ? (Math.log10(Math.max(far, minFar)) + decades) / decades : far) * (width - left - right);
  const y = (tar: number) => height - bottom - ((Math.max(tar, yMin) - yMin) / (1 - yMin)) * (height - top - bottom);
  const xTicks = input.xScale === 'log' ? Array.from({ length: decades + 1 }, (_, i) => 10 ** (i - decades)) : [0, 0.25, 0.5, 0.75, 1];
  const yTicks = [yMin, yMin + (1 - yMin) / 2, yMin + (1 - yMin) * 0.9, 1];
  const grid = [
    ...xTicks.map(
      (f) =>
        `<line x1="${x(f).toFixed(1)}" y1="${top}" x2="${x(f).toFixed(1)}" y2="${height - bottom}" stroke="#ddd"/><text x="${x(f).toFixed(1)}" y="${height - bottom + 16}" text-anchor="middle" font-size="11">${Number(f.toPrecision(2))}</text>`,
    ),
    ...yTicks.map(
      (t) =>
        `<line x1="${left}" y1="${y(t).toFixed(1)}" x2="${width - right}" y2="${y(t).toFixed(1)}" stroke="#ddd"/><text x="${left - 6}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end" font-size="11">${Number(t.toFixed(3))}</text>`,
    ),
  ].join('');
  const curves = input.curves
    .map((c, i) => {
      // A step curve: TAR rises at constant FAR, then FAR moves.
      const path = c.points
        .map((p, j) => {
          const prev = j > 0 ? c.points[j - 1] : undefined;
          const step = prev ? `L${x(p.far).toFixed(1)},${y(prev.tar).toFixed(1)} ` : '';
          return `${j === 0 ? 'M' : step + 'L'}${x(p.far).toFixed(1)},${y(p.tar).toFixed(1)}`;
        })
        .join(' ');
      const marker = c.operatingPoint
        ? `<circle cx="${x(c.operatingPoint.far).toFixed(1)}" cy="${y(c.operatingPoint.tar).toFixed(1)}" r="4" fill="${c.colour}"/>`
        : '';
      const legendY = top + 14 + i * 16;
      return `<path d="${path}" fill="none" stroke="${c.colour}" stroke-width="2"${c.dashed ? ' stroke-dasharray="5 3"' : ''}/>${marker}
<line x1="${width - right + 10}" y1="${legendY - 4}" x2="${width - right + 28}" y2="${legendY - 4}" stroke="${c.colour}" stroke-width="2"${c.dashed ? ' stroke-dasharray="5 3"' : ''}/><text x="${width - right + 32}" y="${legendY}" font-size="11">${escape(c.label)}</text>`;
    })
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" role="img" aria-label="${escape(input.title)}">
<text x="${left}" y="20" font-size="13">${escape(input.title)}</text>
${grid}<rect x="${left}" y="${top}" width="${width - left - right}" height="${height - top - bottom}" fill="none" stroke="#333"/>
${curves}
<text x="${(left + width - right) / 2}" y="${height - 10}" text-anchor="middle" font-size="12">${escape(input.xLabel)}</text>
<text x="14" y="${height / 2}" transform="rotate(-90 14 ${height / 2})" text-anchor="middle" font-size="12">${escape(input.yLabel)}</text></svg>\n`;
}

const table = (rows: [string, string][]) =>
  `<table>${rows.map(([k, v]) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`).join('\n')}</table>`;

export function renderHtmlReport(input: HtmlReportInput): string {
  const sections = input.sections
    .map(
      (s) => `<h2>${escape(s.heading)}</h2>${table(s.summaryRows)}
<figure>${rocSvg(s.roc)}<figcaption>ROC (${escape(s.heading)})</figcaption></figure>
<figure>${distributionSvg(s.genuine, s.impostor, s.threshold)}<figcaption>Genuine / impostor distances (${escape(s.heading)})</figcaption></figure>`,
    )
    .join('\n');
  const extra = (input.extraFigures ?? []).map((f) => `<figure>${f.svg}<figcaption>${escape(f.caption)}</figcaption></figure>`).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(input.title)}</title>
<style>body{font-family:sans-serif;margin:24px}th{text-align:left;padding-right:16px}figure{display:inline-block;margin:8px}</style></head>
<body><h1>${escape(input.title)}</h1>${table(input.summaryRows)}
${sections}
${extra}
</body></html>\n`;
}
