import sharp from 'sharp';
import { type Prng } from '../prng';

/** An input portrait image, resized to the photo box and embedded as a data URI (librsvg reads those). */
export async function portraitFromImage(image: Buffer, width: number, height: number, x: number, y: number): Promise<string> {
  const png = await sharp(image).resize(width, height, { fit: 'cover' }).greyscale(false).png().toBuffer();
  return `<image x="${x}" y="${y}" width="${width}" height="${height}" href="data:image/png;base64,${png.toString('base64')}"/>`;
}

/** Without an input image: a simple drawn head-and-shoulders placeholder. */
export function drawnPortrait(rng: Prng, width: number, height: number, x: number, y: number): string {
  const skin = rng.pick(['#e8c4a0', '#c99c74', '#8d5a3b', '#f1d3b8']);
  const hair = rng.pick(['#2b1d14', '#6b4a2b', '#c9a66b', '#4a4a4a']);
  const cx = x + width / 2;
  const headY = y + height * 0.4;
  const rx = width * 0.22;
  const ry = height * 0.24;
  return [
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="#dfe4ea"/>`,
    `<ellipse cx="${cx}" cy="${y + height * 1.02}" rx="${width * 0.45}" ry="${height * 0.3}" fill="${rng.pick(['#34495e', '#7f8c8d', '#2c3e50'])}"/>`,
    `<rect x="${cx - rx * 0.35}" y="${headY + ry * 0.8}" width="${rx * 0.7}" height="${height * 0.14}" fill="${skin}"/>`,
    `<ellipse cx="${cx}" cy="${headY - ry * 0.35}" rx="${rx * 1.08}" ry="${ry * 0.85}" fill="${hair}"/>`,
    `<ellipse cx="${cx}" cy="${headY}" rx="${rx}" ry="${ry}" fill="${skin}"/>`,
    `<ellipse cx="${cx - rx * 0.4}" cy="${headY - ry * 0.1}" rx="${rx * 0.12}" ry="${ry * 0.07}" fill="#222"/>`,
    `<ellipse cx="${cx + rx * 0.4}" cy="${headY - ry * 0.1}" rx="${rx * 0.12}" ry="${ry * 0.07}" fill="#222"/>`,
    `<path d="M${cx} ${headY} l${-rx * 0.08} ${ry * 0.3} h${rx * 0.16}" fill="none" stroke="#7a5a45" stroke-width="2"/>`,
    `<path d="M${cx - rx * 0.35} ${headY + ry * 0.5} q${rx * 0.35} ${ry * 0.15} ${rx * 0.7} 0" fill="none" stroke="#8a3b3b" stroke-width="3"/>`,
  ].join('');
}
