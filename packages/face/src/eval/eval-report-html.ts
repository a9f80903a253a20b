import { histogram, type RocPoint } from './roc';

/** A self-contained HTML page (inline SVG, no scripts) with the ROC curve and the score distributions. */

export interface HtmlReportInput {
  title: string;
  roc: RocPoint[];
  genuine: number[];
  impostor: number[];
  threshold: number;
  summaryRows: [string, string][];
}

const W = 520, H = 320, M = 48;

function rocSvg(roc: RocPoint[]): string {
  // FAR on a log axis from 1e-3 to 1 (FAR 0 drawn at the left edge).
  const x = (far: number) => M + ((Math.log10(Math.max(far, 1e-3)) + 3) / 3) * (W - 2 * M);
  const y = (tar: number) => H - M - tar * (H - 2 * M);
  const path = roc.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.far).toFixed(1)},${y(p.tar).toFixed(1)}`).join(' ');
  const ticks = [1e-3, 1e-2, 1e-1, 1]
    .map((f) => `<line x1="${x(f)}" y1="${M}" x2="${x(f)}" y2="${H - M}" stroke="#ddd"/><text x="${x(f)}" y="${H - M + 16}" text-anchor="middle" font-size="11">${f}</text>`)
    .join('');
  const yTicks = [0, 0.5, 0.9, 1]
    .map((t) => `<line x1="${M}" y1="${y(t)}" x2="${W - M}" y2="${y(t)}" stroke="#ddd"/><text x="${M - 6}" y="${y(t) + 4}" text-anchor="end" font-size="11">${t}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" role="img" aria-label="ROC curve">
${ticks}${yTicks}<rect x="${M}" y="${M}" width="${W - 2 * M}" height="${H - 2 * M}" fill="none" stroke="#333"/>
<path d="${path}" fill="none" stroke="#1565c0" stroke-width="2"/>
<text x="${W / 2}" y="${H - 8}" text-anchor="middle" font-size="12">FAR (log scale; 0 drawn at 1e-3)</text>
<text x="14" y="${H / 2}" transform="rotate(-90 14 ${H / 2})" text-anchor="middle" font-size="12">TAR</text></svg>`;
}

function distributionSvg(genuine: number[], impostor: number[], threshold: number): string {
  const all = [...genuine, ...impostor];
  const min = Math.min(...all), max = Math.max(...all);
  const bins = 40;
  const g = histogram(genuine, min, max, bins).map((c) => c / Math.max(1, genuine.length));
  const im = histogram(impostor, min, max, bins).map((c) => c / Math.max(1, impostor.length));
  const top = Math.max(...g, ...im, 1e-9);
  const bw = (W - 2 * M) / bins;
  const bars = (h: number[], colour: string) =>
    h.map((v, i) => `<rect x="${(M + i * bw).toFixed(1)}" y="${(H - M - (v / top) * (H - 2 * M)).toFixed(1)}" width="${bw.toFixed(1)}" height="${((v / top) * (H - 2 * M)).toFixed(1)}" fill="${colour}" fill-opacity="0.55"/>`).join('');
  const tx = M + ((threshold - min) / (max - min)) * (W - 2 * M);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" role="img" aria-label="distance distributions">
<rect x="${M}" y="${M}" width="${W - 2 * M}" height="${H - 2 * M}" fill="none" stroke="#333"/>
${bars(g, '#2e7d32')}${bars(im, '#c62828')}
<line x1="${tx}" y1="${M}" x2="${tx}" y2="${H - M}" stroke="#000" stroke-dasharray="4 3"/>
<text x="${M}" y="${H - M + 16}" font-size="11">${min.toFixed(2)}</text><text x="${W - M}" y="${H - M + 16}" text-anchor="end" font-size="11">${max.toFixed(2)}</text>
<text x="${W / 2}" y="${H - 8}" text-anchor="middle" font-size="12">descriptor distance (green genuine, red impostor, dashed threshold)</text></svg>`;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function renderHtmlReport(input: HtmlReportInput): string {
  const rows = input.summaryRows.map(([k, v]) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(input.title)}</title>
<style>body{font-family:sans-serif;margin:24px}th{text-align:left;padding-right:16px}figure{display:inline-block;margin:8px}</style></head>
<body><h1>${escape(input.title)}</h1><table>${rows}</table>
<figure>${rocSvg(input.roc)}<figcaption>ROC</figcaption></figure>
<figure>${distributionSvg(input.genuine, input.impostor, input.threshold)}<figcaption>Genuine / impostor distances</figcaption></figure>
</body></html>\n`;
}
