import sharp from 'sharp';
import { ALL_UNUSABLE_CAPTURES, generateUnusableCapture, UNUSABLE_CAPTURE_PROBLEMS } from './unusable-captures';

jest.setTimeout(60_000);

describe('generateUnusableCapture', () => {
  it('is deterministic in seed and index, and differs between indices', async () => {
    const a = await generateUnusableCapture({ seed: 3, index: 2, kind: 'blank_page' });
    const b = await generateUnusableCapture({ seed: 3, index: 2, kind: 'blank_page' });
    const c = await generateUnusableCapture({ seed: 3, index: 5, kind: 'blank_page' });
    expect(a.jpeg.equals(b.jpeg)).toBe(true);
    expect(a.jpeg.equals(c.jpeg)).toBe(false);
    expect(a.truth).toEqual({
      id: 'capture-3-0002-blank_page', seed: 3, kind: 'blank_page', uploadedAs: 'front', referenceDate: '2026-01-01',
      expectedProblems: ['LOW_DETECTION_CONFIDENCE'], image: { width: expect.any(Number), height: expect.any(Number) },
    });
  });

  it('makes each kind what its codes say: too dark, too small, and well-lit photos without a document', async () => {
    for (const kind of ALL_UNUSABLE_CAPTURES) {
      const { jpeg, truth } = await generateUnusableCapture({ seed: 1, index: 0, kind });
      expect(truth.expectedProblems).toEqual(UNUSABLE_CAPTURE_PROBLEMS[kind]);
      const meta = await sharp(jpeg).metadata();
      expect([meta.width, meta.height]).toEqual([truth.image.width, truth.image.height]);
      const stats = await sharp(jpeg).greyscale().stats();
      const brightness = stats.channels[0].mean;
      const shortSide = Math.min(truth.image.width, truth.image.height);
      // The analyzer's quality limits: a mean grey level of 40, a short side of 300 px.
      if (kind === 'too_dark') expect(brightness).toBeLessThan(40);
      else expect(brightness).toBeGreaterThan(60);
      if (kind === 'too_small') expect(shortSide).toBeLessThan(300);
      else expect(shortSide).toBeGreaterThan(500);
    }
  });
});
