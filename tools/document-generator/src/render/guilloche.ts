import { type Prng } from '../prng';

/**
 * Security-print-like background: families of hypotrochoid-style rosettes and sine bands in thin lines,
 * the look of guilloche that an OCR must see through.
 */
export function guillochePattern(rng: Prng, width: number, height: number, color: string): string {
  const parts: string[] = [];
  const cx = width * rng.float(0.35, 0.65);
  const cy = height * rng.float(0.35, 0.65);
  const rings = rng.int(5, 8);
  const lobes = rng.int(7, 13);
  for (let r = 0; r < rings; r++) {
    const base = Math.min(width, height) * (0.12 + r * 0.06);
    const amplitude = base * rng.float(0.12, 0.25);
    const phase = rng.float(0, Math.PI * 2);
    let d = '';
    for (let i = 0; i <= 720; i++) {
      const t = (i / 720) * Math.PI * 2;
      const radius = base + amplitude * Math.sin(lobes * t + phase) + amplitude * 0.4 * Math.cos(3 * lobes * t);
      d += `${i === 0 ? 'M' : 'L'}${(cx + radius * Math.cos(t)).toFixed(1)} ${(cy + radius * Math.sin(t)).toFixed(1)}`;
    }
    parts.push(`<path d="${d}Z" fill="none" stroke="${color}" stroke-width="0.9" opacity="0.55"/>`);
  }
  const bands = rng.int(10, 16);
  const frequency = rng.float(2, 5);
  for (let b = 0; b < bands; b++) {
    const y0 = (height / bands) * b;
    const amplitude = rng.float(4, 14);
    let d = '';
    for (let x = 0; x <= width; x += 6) {
      const y = y0 + amplitude * Math.sin((x / width) * Math.PI * 2 * frequency + b * 0.7);
      d += `${x === 0 ? 'M' : 'L'}${x} ${y.toFixed(1)}`;
    }
    parts.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="0.7" opacity="0.4"/>`);
  }
  return parts.join('');
}
