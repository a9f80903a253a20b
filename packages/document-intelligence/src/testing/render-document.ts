import sharp from 'sharp';

export interface RenderOptions {
  /** Labelled visual-zone lines, e.g. "Surname/Nom: ERIKSSON". */
  vizLines?: string[];
  mrzLines?: string[];
  width?: number;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A clean, flat test document (light background, dark text, MRZ in OCR-B where the font is installed). */
export async function renderDocument(options: RenderOptions): Promise<Buffer> {
  const viz = options.vizLines ?? [];
  const mrz = options.mrzLines ?? [];
  const longest = Math.max(30, ...mrz.map((l) => l.length));
  const width = options.width ?? Math.round(longest * 31 + 60);
  // ID-1 card proportions (85.6 × 54 mm) at least, so a fixture is never 'too small' by accident.
  const height = Math.max(60 + viz.length * 44 + mrz.length * 50 + 40, Math.round(width * 0.63));
  const vizSvg = viz
    .map(
      (line, i) =>
        `<text x="30" y="${60 + i * 44}" font-family="DejaVu Sans, sans-serif" font-size="28" fill="#202020">${escapeXml(line)}</text>`,
    )
    .join('');
  const mrzTop = 60 + viz.length * 44 + 20;
  const mrzSvg = mrz
    .map(
      (line, i) =>
        `<text x="30" y="${mrzTop + i * 50}" font-family="OCR B, DejaVu Sans Mono, monospace" font-size="40" fill="#111">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#eef0e6"/><rect x="0" y="0" width="${width}" height="14" fill="#7a9cc6"/>${vizSvg}${mrzSvg}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}
