import { isPlausiblePortraitFace } from './portrait-face-plausibility';

describe('isPlausiblePortraitFace', () => {
  const page = { width: 1000, height: 660 };

  it('accepts a face inside the region, and one whose edge the region cuts by a little', () => {
    expect(isPlausiblePortraitFace({ x: 60, y: 180, width: 280, height: 290 }, page, page)).toBe(true);
    expect(isPlausiblePortraitFace({ x: -20, y: 180, width: 280, height: 290 }, page, page)).toBe(true);
  });

  it('rejects a box running far out of the region (a rosette framed as a face)', () => {
    expect(isPlausiblePortraitFace({ x: -50, y: -81, width: 500, height: 520 }, { width: 600, height: 400 }, page)).toBe(false);
    expect(isPlausiblePortraitFace({ x: 300, y: 200, width: 300, height: 300 }, { width: 500, height: 400 }, page)).toBe(false);
  });

  it('rejects a box spanning most of the page', () => {
    expect(isPlausiblePortraitFace({ x: 10, y: 5, width: 600, height: 640 }, page, page)).toBe(false);
  });
});
