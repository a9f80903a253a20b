import { existsSync, readFileSync } from 'node:fs';
import * as opentype from 'opentype.js';

/**
 * Text is drawn as SVG paths from font files we load ourselves, so the rendering never depends on the
 * machine's fontconfig (which differs between machines and would break same-seed → same-bytes).
 */
export class FontNotFoundError extends Error {
  constructor(what: string, tried: string[]) {
    super(
      `${what} font not found (tried ${tried.join(', ')}). ` +
        (what === 'OCR-B'
          ? 'Install Debian fonts-ocr-b (apt-get install -y fonts-ocr-b) or set KYC_OCRB_FONT.'
          : what.startsWith('DejaVu')
            ? 'Install Debian fonts-dejavu-core and fonts-dejavu-extra, or set KYC_DEJAVU_DIR.'
            : ''),
    );
    this.name = 'FontNotFoundError';
  }
}

const OCRB_CANDIDATES = ['/usr/share/fonts/opentype/ocr-b/OCRB.otf'];

function loadFont(path: string): opentype.Font {
  const bytes = readFileSync(path);
  return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

export interface DocumentFonts {
  ocrb: opentype.Font;
  sans: opentype.Font;
  sansBold: opentype.Font;
}

let cached: DocumentFonts | undefined;

export function loadDocumentFonts(): DocumentFonts {
  if (cached) return cached;
  const ocrbTried = [process.env.KYC_OCRB_FONT, ...OCRB_CANDIDATES].filter((p): p is string => !!p);
  const ocrbPath = ocrbTried.find((p) => existsSync(p));
  if (!ocrbPath) throw new FontNotFoundError('OCR-B', ocrbTried);
  // Arimo (Apache-2.0, metric-compatible with Arial) from @fontsource: .woff, which opentype.js reads.
  const sansDir = `${require.resolve('@fontsource/arimo/package.json').replace(/package\.json$/, '')}files/`;
  cached = {
    ocrb: loadFont(ocrbPath),
    sans: loadFont(`${sansDir}arimo-latin-400-normal.woff`),
    sansBold: loadFont(`${sansDir}arimo-latin-700-normal.woff`),
  };
  return cached;
}

/**
 * The DejaVu faces the other layouts print their visual zone in (Debian fonts-dejavu-core and fonts-dejavu-extra,
 * installed by `.ci/run`; `KYC_DEJAVU_DIR` overrides the folder). Loaded only when such a layout is drawn, so the
 * classic layout needs nothing but OCR-B and Arimo.
 */
export interface LayoutFonts {
  sans: opentype.Font;
  sansBold: opentype.Font;
  serif: opentype.Font;
  serifBold: opentype.Font;
  serifItalic: opentype.Font;
  condensed: opentype.Font;
  condensedBold: opentype.Font;
  mono: opentype.Font;
}

const DEJAVU_DIRS = ['/usr/share/fonts/truetype/dejavu'];
const DEJAVU_FILES: Record<keyof LayoutFonts, string> = {
  sans: 'DejaVuSans.ttf',
  sansBold: 'DejaVuSans-Bold.ttf',
  serif: 'DejaVuSerif.ttf',
  serifBold: 'DejaVuSerif-Bold.ttf',
  serifItalic: 'DejaVuSerif-Italic.ttf',
  condensed: 'DejaVuSansCondensed.ttf',
  condensedBold: 'DejaVuSansCondensed-Bold.ttf',
  mono: 'DejaVuSansMono.ttf',
};

let cachedLayoutFonts: LayoutFonts | undefined;

export function loadLayoutFonts(): LayoutFonts {
  if (cachedLayoutFonts) return cachedLayoutFonts;
  const dirs = [process.env.KYC_DEJAVU_DIR, ...DEJAVU_DIRS].filter((d): d is string => !!d);
  const loaded: Partial<LayoutFonts> = {};
  for (const [key, file] of Object.entries(DEJAVU_FILES) as [keyof LayoutFonts, string][]) {
    const tried = dirs.map((d) => `${d}/${file}`);
    const path = tried.find((p) => existsSync(p));
    if (!path) throw new FontNotFoundError(`DejaVu (${file})`, tried);
    const font = loadFont(path);
    // DejaVu's GSUB holds chained contextual lookups (ccmp) that opentype.js 1.3 throws on; the Latin captions and
    // values printed here need no glyph substitution, so the table is dropped and each character maps to its glyph.
    delete (font.tables as { gsub?: unknown }).gsub;
    loaded[key] = font;
  }
  cachedLayoutFonts = loaded as LayoutFonts;
  return cachedLayoutFonts;
}

export function textPath(font: opentype.Font, text: string, x: number, y: number, size: number, fill: string): string {
  const d = font.getPath(text, x, y, size).toPathData(2);
  return d ? `<path d="${d}" fill="${fill}"/>` : '';
}

export function textWidth(font: opentype.Font, text: string, size: number): number {
  return font.getAdvanceWidth(text, size);
}

/** MRZ characters at the fixed ICAO pitch, one glyph per cell, so column positions are exact. */
export function mrzLinePath(font: opentype.Font, line: string, x: number, y: number, pitch: number, size: number): string {
  let d = '';
  for (let i = 0; i < line.length; i++) {
    const glyphWidth = font.getAdvanceWidth(line[i], size);
    d += font.getPath(line[i], x + i * pitch + (pitch - glyphWidth) / 2, y, size).toPathData(2);
  }
  return `<path d="${d}" fill="#111"/>`;
}
