import { portraitRegion } from './portrait-region';

describe('portrait region', () => {
  it('grows the face box by 40 % on every side', () => {
    expect(portraitRegion({ x: 0.4, y: 0.4, width: 0.1, height: 0.2 }, 1000, 1000)).toEqual({
      left: 360,
      top: 320,
      width: 180,
      height: 360,
    });
  });

  it('clamps to the image', () => {
    expect(portraitRegion({ x: -0.05, y: 0.9, width: 0.3, height: 0.3 }, 200, 100)).toEqual({ left: 0, top: 78, width: 74, height: 22 });
  });

  it('gives nothing for a degenerate box', () => {
    expect(portraitRegion({ x: 0.5, y: 0.5, width: 0.001, height: 0.001 }, 1000, 1000)).toBeNull();
    expect(portraitRegion({ x: 1.2, y: 0.5, width: 0.1, height: 0.1 }, 1000, 1000)).toBeNull();
  });
});
