import type * as opentype from 'opentype.js';
import { type Prng } from '../prng';

/**
 * Security-print patterns of the layouts other than classic (classic keeps `guillochePattern`): each is drawn in
 * thin lines or tiny type, as printers do, so that OCR has to see through it, but never behind the MRZ (ICAO keeps
 * the MRZ's clear zone) and never so dark that a person could not read the captions.
 */

/** A lattice of crossing sine waves over the whole card (a different look from classic's rosettes). */
export function waveLattice(rng: Prng, width: number, height: number, colour: string): string {
  const parts: string[] = [];
  const rows = rng.int(14, 22);
  const frequency = rng.float(3, 7);
  for (let r = 0; r <= rows; r++) {
    for (const direction of [1, -1]) {
      const y0 = (height / rows) * r;
      const amplitude = rng.float(6, 16);
      let d = '';
      for (let x = 0; x <= width; x += 8) {
        const y = y0 + direction * amplitude * Math.sin((x / width) * Math.PI * 2 * frequency + r * 0.45);
        d += `${x === 0 ? 'M' : 'L'}${x} ${y.toFixed(1)}`;
      }
      parts.push(`<path d="${d}" fill="none" stroke="${colour}" stroke-width="0.6" opacity="0.45"/>`);
    }
  }
  return parts.join('');
}

/** Rays and concentric waves from one point: a sunburst, as many passports print behind the portrait. */
export function sunburst(rng: Prng, width: number, height: number, colour: string, cx: number, cy: number): string {
  const parts: string[] = [];
  const rays = rng.int(90, 140);
  const reach = Math.hypot(width, height);
  let d = '';
  for (let i = 0; i < rays; i++) {
    const angle = (i / rays) * Math.PI * 2;
    d += `M${cx.toFixed(1)} ${cy.toFixed(1)}L${(cx + reach * Math.cos(angle)).toFixed(1)} ${(cy + reach * Math.sin(angle)).toFixed(1)}`;
  }
  parts.push(`<path d="${d}" fill="none" stroke="${colour}" stroke-width="0.5" opacity="0.35"/>`);
  const rings = rng.int(6, 10);
  const lobes = rng.int(16, 28);
  for (let r = 1; r <= rings; r++) {
    const base = (Math.min(width, height) / 2) * (r / rings) * 1.4;
    const amplitude = base * 0.04;
    let ring = '';
    for (let i = 0; i <= 360; i++) {
      const t = (i / 360) * Math.PI * 2;
      const radius = base + amplitude * Math.sin(lobes * t);
      ring += `${i === 0 ? 'M' : 'L'}${(cx + radius * Math.cos(t)).toFixed(1)} ${(cy + radius * Math.sin(t)).toFixed(1)}`;
    }
    parts.push(`<path d="${ring}Z" fill="none" stroke="${colour}" stroke-width="0.7" opacity="0.4"/>`);
  }
  return parts.join('');
}

/** Diagonal fine hatching, the plain background of many card designs. */
export function hatching(width: number, height: number, colour: string, spacing: number): string {
  let d = '';
  for (let x = -height; x < width; x += spacing) d += `M${x} ${height}L${x + height} 0`;
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="0.5" opacity="0.35"/>`;
}

/**
 * A band of microtext: the issuing state's name repeated in type under half a millimetre high, which reads as a
 * line to the eye and as noise (or garbage text) to an OCR.
 */
export function microtextBand(
  font: opentype.Font,
  text: string,
  x: number,
  y: number,
  width: number,
  size: number,
  colour: string,
): string {
  const unit = `${text} `;
  const unitWidth = font.getAdvanceWidth(unit, size);
  const repeats = Math.max(1, Math.ceil(width / unitWidth));
  let line = '';
  for (let i = 0; i < repeats; i++) line += unit;
  // Cut to the band's width glyph by glyph, so the text stops where the band does.
  while (line.length > 1 && font.getAdvanceWidth(line, size) > width) line = line.slice(0, -1);
  const d = font.getPath(line, x, y, size).toPathData(1);
  return d ? `<path d="${d}" fill="${colour}" opacity="0.8"/>` : '';
}

/** A rainbow (iris) print: a gradient across the card in pale tints, as SVG defs plus the rectangle that uses it. */
export function rainbowTint(
  id: string,
  width: number,
  height: number,
  stops: string[],
  vertical: boolean,
  radius: number,
): { defs: string; fill: string } {
  const stopTags = stops
    .map((colour, i) => `<stop offset="${((i / (stops.length - 1)) * 100).toFixed(0)}%" stop-color="${colour}"/>`)
    .join('');
  const direction = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  return {
    defs: `<linearGradient id="${id}" ${direction}>${stopTags}</linearGradient>`,
    fill: `<rect x="0" y="0" width="${width}" height="${height}" rx="${radius}" fill="url(#${id})"/>`,
  };
}

/** A barcode-like strip of bars (card backs print a 1D or 2D code there); seeded widths, no data in it. */
export function barStrip(rng: Prng, x: number, y: number, width: number, height: number, colour: string): string {
  let d = '';
  let at = x;
  while (at < x + width) {
    const bar = rng.int(1, 4) * 2;
    if (at + bar > x + width) break;
    d += `M${at} ${y}h${bar}v${height}h${-bar}Z`;
    at += bar + rng.int(1, 4) * 2;
  }
  return `<path d="${d}" fill="${colour}"/>`;
}
