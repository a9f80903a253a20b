import { writeFileSync } from 'fs';
import { rocChartSvg } from '../html-report';
import { type RocPoint } from '../roc';
import { type LivenessRoc, type ScoredSample } from './liveness-eval';

const CANDIDATE_COLOURS = ['#6a1b9a', '#ad1457', '#2e7d32', '#00838f'];

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
    parts.push(
      `<rect x="${labelWidth}" y="${y + 2}" width="${((row.liveProbability ?? 0) * plotWidth).toFixed(1)}" height="${rowHeight - 6}" fill="${colour}" opacity="0.7"/>`,
    );
    if (row.modelLiveProbability !== null)
      parts.push(
        `<line x1="${x(row.modelLiveProbability).toFixed(1)}" y1="${y}" x2="${x(row.modelLiveProbability).toFixed(1)}" y2="${y + rowHeight - 2}" stroke="#000" stroke-width="2"/>`,
      );
  });
  parts.push('</svg>');
  return parts.join('\n');
}

/**
 * Writes one ROC chart per liveness set as `<outBase>.liveness-roc-<set>.svg` (fused and
 * MiniFASNet alone, the dot at the decision threshold) and returns them for inlining in a page.
 */
export function writeLivenessRocs(rocs: LivenessRoc[], threshold: number, outBase: string): Array<{ caption: string; svg: string }> {
  return rocs.map((roc) => {
    const at = (points: RocPoint[]) => {
      // The curve's point at the decision threshold: the last one whose live-probability threshold is ≥ it.
      const accepted = points.filter((p) => p.threshold >= threshold);
      return accepted.length ? accepted[accepted.length - 1] : { tar: 0, far: 0 };
    };
    const svg = rocChartSvg({
      title: `liveness ${roc.set}${roc.bonaFide === roc.set && roc.attacks === roc.set ? '' : roc.bonaFide === roc.set ? ' vs all real attacks' : ' vs all real bona fide'}`,
      xScale: 'linear',
      xLabel: 'APCER (attacks accepted)',
      yLabel: '1 − BPCER (bona fide accepted)',
      curves: [
        { label: 'fused', colour: '#1565c0', points: roc.fused, operatingPoint: at(roc.fused) },
        { label: 'MiniFASNet alone', colour: '#ef6c00', dashed: true, points: roc.modelOnly, operatingPoint: at(roc.modelOnly) },
        ...Object.entries(roc.candidates ?? {}).map(([label, points], i) => ({
          label,
          colour: CANDIDATE_COLOURS[i % CANDIDATE_COLOURS.length],
          dashed: true,
          points,
          operatingPoint: at(points),
        })),
      ],
    });
    const file = `${outBase}.liveness-roc-${roc.set.replace(/[^a-z0-9-]+/gi, '-')}.svg`;
    writeFileSync(file, svg);
    return { caption: `Liveness ROC, ${roc.set} (bona fide: ${roc.bonaFide}; attacks: ${roc.attacks}; dot: threshold ${threshold})`, svg };
  });
}
