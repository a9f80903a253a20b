import { completeMrzRows, mrzBlockRows } from './complete-mrz-rows';
import { type OrientedBox } from './oriented-box';

/** A level region from x = left to x = right on the row centred at y. */
const level = (left: number, right: number, y: number, thickness = 30): OrientedBox => ({
  cx: (left + right) / 2,
  cy: y,
  length: right - left,
  thickness,
  angle: 0,
});

describe('completeMrzRows', () => {
  it('rebuilds a TD1 block: a truncated middle line, its lost tail, a split first line and a short third one', () => {
    const middle = level(100, 700, 500);
    const middleTail = level(720, 860, 500, 22);
    const firstHead = level(100, 550, 455);
    const firstTail = level(760, 860, 455, 18);
    const third = level(100, 470, 545);
    const result = completeMrzRows([firstHead, firstTail, middle, middleTail, third]);
    expect(result).toHaveLength(3);
    for (const y of [455, 500, 545]) {
      const row = result.find((r) => Math.abs(r.cy - y) < 3);
      expect(row).toMatchObject({ cx: 480, length: 760, thickness: 30, angle: 0 });
    }
  });

  it('follows a tilted line', () => {
    const angle = 0.1;
    const line: OrientedBox = { cx: 500, cy: 500, length: 900, thickness: 30, angle };
    // The name line's head, one pitch (45 px) above the line, in the line's frame.
    const head: OrientedBox = {
      cx: 500 - 200 * Math.cos(angle) + 45 * Math.sin(angle),
      cy: 500 - 200 * Math.sin(angle) - 45 * Math.cos(angle),
      length: 400,
      thickness: 30,
      angle,
    };
    const rebuilt = completeMrzRows([line, head]).find((r) => r.cy < 480 && r.length === 900);
    expect(rebuilt?.cx).toBeCloseTo(500 + 45 * Math.sin(angle), 5);
    expect(rebuilt?.cy).toBeCloseTo(500 - 45 * Math.cos(angle), 5);
    expect(rebuilt?.angle).toBe(angle);
  });

  it('leaves pages without a long line, specks and far-off text alone', () => {
    const words = [level(100, 300, 100), level(350, 500, 100)];
    expect(completeMrzRows(words)).toEqual(words);
    const line = level(100, 900, 500);
    const speck = level(400, 430, 455);
    const farAbove = level(100, 600, 300);
    const result = completeMrzRows([line, speck, farAbove]);
    expect(result).toContainEqual(speck);
    expect(result).toContainEqual(farAbove);
    expect(result.filter((r) => r.length === 800)).toHaveLength(1);
  });

  it('tells which regions the rebuilt rows take the place of, so their readings can be dropped', () => {
    const caption = level(100, 300, 300, 20);
    const head = level(100, 500, 455);
    const line = level(100, 860, 500);
    const { rows, absorbed } = mrzBlockRows([caption, head, line]);
    expect([...absorbed].sort()).toEqual([1, 2]);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.length === 760)).toBe(true);
  });
});
