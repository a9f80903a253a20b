import { nonMaxSuppression } from './non-max-suppression';
import { chooseMainFace } from './choose-face';
import { decodeGrid, DETECTOR_INPUT_SIZE } from './tiny-face-detector';

const logit = (p: number) => Math.log(p / (1 - p));

describe('decodeGrid', () => {
  it('decodes one confident cell into a box in image pixels', () => {
    const grid = new Float32Array(13 * 13 * 25).fill(-10);
    const row = 6,
      col = 4,
      anchor = 1;
    const o = (row * 13 + col) * 25 + anchor * 5;
    grid[o] = 0; // sigmoid 0.5 → centre of the cell
    grid[o + 1] = 0;
    grid[o + 2] = 0; // exp 0 = 1 → anchor size
    grid[o + 3] = 0;
    grid[o + 4] = logit(0.9);
    const scale = 0.5; // image was 832 px on its long side
    const [face, ...rest] = decodeGrid(grid, scale, 0.5);
    expect(rest).toHaveLength(0);
    expect(face.score).toBeCloseTo(0.9, 6);
    const cell = DETECTOR_INPUT_SIZE / 13;
    expect(face.box.x + face.box.width / 2).toBeCloseTo(((col + 0.5) * cell) / scale, 4);
    expect(face.box.y + face.box.height / 2).toBeCloseTo(((row + 0.5) * cell) / scale, 4);
    expect(face.box.width).toBeCloseTo((6.041143 * cell) / scale, 4);
  });
});

describe('nonMaxSuppression and chooseMainFace', () => {
  const a = { box: { x: 0, y: 0, width: 100, height: 100 }, score: 0.9 };
  const overlapping = { box: { x: 10, y: 10, width: 100, height: 100 }, score: 0.8 };
  const small = { box: { x: 300, y: 0, width: 30, height: 30 }, score: 0.99 };

  it('drops a lower-scored box overlapping a kept one, keeps separate faces', () => {
    expect(nonMaxSuppression([overlapping, a, small], 0.4)).toEqual([small, a]);
  });

  it('chooses the large face over a small confident one', () => {
    expect(chooseMainFace([small, a])).toBe(a);
    expect(chooseMainFace([])).toBeUndefined();
  });
});
