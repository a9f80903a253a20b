import { boxesFromProbabilityMap } from './detect-text-boxes';
import { mergeLineFragments } from './merge-line-fragments';
import { corners, type OrientedBox } from './oriented-box';
import { arrangeInReadingOrder } from './reading-order';
import { type OcrWord } from './types';

/** A probability map holding one bar of the given length and thickness, turned by `degrees` about (cx, cy). */
function mapWithBar(width: number, height: number, bar: OrientedBox): Float32Array {
  const prob = new Float32Array(width * height);
  const ux = Math.cos(bar.angle);
  const uy = Math.sin(bar.angle);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const dx = x + 0.5 - bar.cx;
      const dy = y + 0.5 - bar.cy;
      if (Math.abs(dx * ux + dy * uy) <= bar.length / 2 && Math.abs(-dx * uy + dy * ux) <= bar.thickness / 2) prob[y * width + x] = 0.9;
    }
  }
  return prob;
}

const rad = (degrees: number) => (degrees * Math.PI) / 180;

describe('boxesFromProbabilityMap', () => {
  it('fits a tilted line along its own direction, not its axis-aligned bounds', () => {
    const bar = { cx: 200, cy: 100, length: 300, thickness: 10, angle: rad(-8) };
    const [found] = boxesFromProbabilityMap(mapWithBar(400, 200, bar), 400, 200);
    expect(found.region.angle).toBeCloseTo(bar.angle, 2);
    expect(found.region.cx).toBeCloseTo(bar.cx, 0);
    expect(found.region.cy).toBeCloseTo(bar.cy, 0);
    // Unclipped by area × 1.5 / perimeter ≈ 7.3 px on each side.
    expect(found.region.length).toBeGreaterThan(300);
    expect(found.region.length).toBeLessThan(320);
    expect(found.region.thickness).toBeGreaterThan(20);
    expect(found.region.thickness).toBeLessThan(30);
  });

  it('keeps short and nearly level regions upright', () => {
    const [square] = boxesFromProbabilityMap(mapWithBar(100, 100, { cx: 50, cy: 50, length: 20, thickness: 14, angle: rad(20) }), 100, 100);
    expect(square.region.angle).toBe(0);
    const [level] = boxesFromProbabilityMap(
      mapWithBar(400, 100, { cx: 200, cy: 50, length: 300, thickness: 10, angle: rad(0.4) }),
      400,
      100,
    );
    expect(level.region.angle).toBe(0);
  });

  it('fits a long line tilted under 1° along its direction when upright it would be half again as thick', () => {
    // 700 px at 0.9° drifts 11 px across: upright, its pixels span ~21 px for 10 px of text (~36 px unclipped).
    const bar = { cx: 400, cy: 50, length: 700, thickness: 10, angle: rad(-0.9) };
    const [found] = boxesFromProbabilityMap(mapWithBar(800, 100, bar), 800, 100);
    expect(found.region.angle).toBeCloseTo(bar.angle, 3);
    // 10 px plus the unclip distance (~7.4 px) on each side.
    expect(found.region.thickness).toBeGreaterThan(22);
    expect(found.region.thickness).toBeLessThan(30);
  });
});

describe('mergeLineFragments', () => {
  const line = { cx: 500, cy: 300, length: 900, thickness: 36, angle: rad(-8) };
  const along = (region: OrientedBox, s: number, length: number): OrientedBox => ({
    ...region,
    cx: region.cx + Math.cos(region.angle) * s,
    cy: region.cy + Math.sin(region.angle) * s,
    length,
  });

  it('joins the collinear pieces of a long line split by the detector', () => {
    const head = along(line, -80, 740);
    const tail = along(line, 380, 140);
    const { regions, mergedInto } = mergeLineFragments([tail, head]);
    expect(regions).toHaveLength(1);
    expect(mergedInto).toEqual([0, 0]);
    expect(regions[0].length).toBeCloseTo(900, 0);
    expect(regions[0].cx).toBeCloseTo(line.cx + Math.cos(line.angle) * 0, 0);
  });

  it('joins two long halves of a line across a run of characters the detector missed', () => {
    const { regions } = mergeLineFragments([along(line, -250, 400), along(line, 300, 400)]);
    expect(regions).toHaveLength(1);
    expect(regions[0].length).toBeCloseTo(950, 0);
  });

  it('leaves the next line, a distant word and short words in a row alone', () => {
    const below = { ...line, cx: line.cx - Math.sin(line.angle) * 60, cy: line.cy + Math.cos(line.angle) * 60 };
    const farWord = along(line, 900, 100);
    const words = [
      { cx: 100, cy: 50, length: 120, thickness: 30, angle: 0 },
      { cx: 250, cy: 50, length: 120, thickness: 30, angle: 0 },
    ];
    expect(mergeLineFragments([line, below, farWord, ...words]).regions).toHaveLength(5);
  });
});

describe('arrangeInReadingOrder on a tilted photo', () => {
  it('keeps two steeply tilted MRZ lines apart and in order although their bounds overlap', () => {
    const angle = rad(-10);
    const word = (text: string, cx: number, cy: number, length: number): OcrWord => {
      const region = { cx, cy, length, thickness: 30, angle };
      const xs = corners(region).map((p) => p[0]);
      const ys = corners(region).map((p) => p[1]);
      return {
        text,
        confidence: 0.9,
        region,
        box: {
          x: Math.min(...xs),
          y: Math.min(...ys),
          width: Math.max(...xs) - Math.min(...xs),
          height: Math.max(...ys) - Math.min(...ys),
        },
      };
    };
    const down = { x: -Math.sin(angle) * 50, y: Math.cos(angle) * 50 };
    const right = { x: Math.cos(angle) * 500, y: Math.sin(angle) * 500 };
    const lines = arrangeInReadingOrder([
      word('LINE2B', 600 + down.x + right.x, 400 + down.y + right.y, 300),
      word('LINE1A', 600, 400, 700),
      word('LINE2A', 600 + down.x, 400 + down.y, 700),
      word('LINE1B', 600 + right.x, 400 + right.y, 300),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['LINE1A LINE1B', 'LINE2A LINE2B']);
  });
});

describe('arrangeInReadingOrder beside a whole MRZ line', () => {
  const word = (text: string, cx: number, length: number, wholeLine?: boolean): OcrWord => ({
    text,
    confidence: 0.9,
    region: { cx, cy: 400, length, thickness: 30, angle: 0 },
    box: { x: cx - length / 2, y: 385, width: length, height: 30 },
    ...(wholeLine ? { wholeLine } : {}),
  });

  it('keeps specks read beside a template-read MRZ line out of it, and joins them otherwise', () => {
    const mrzLine = 'P<BELDUBOIS<<NOE<<<<<<<<<<<<<<<<<<<<<<<<<<<<';
    const whole = arrangeInReadingOrder([word(mrzLine, 500, 800, true), word('~ < <', 960, 60)]);
    expect(whole.map((l) => l.text)).toEqual([mrzLine, '~ < <']);
    const recognised = arrangeInReadingOrder([word(mrzLine, 500, 800), word('~ < <', 960, 60)]);
    expect(recognised.map((l) => l.text)).toEqual([`${mrzLine} ~ < <`]);
  });
});
