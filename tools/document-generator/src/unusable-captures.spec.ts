import sharp from 'sharp';
import { generateDocument } from './generate';
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
      id: 'capture-3-0002-blank_page',
      seed: 3,
      kind: 'blank_page',
      uploadedAs: 'front',
      layout: null,
      referenceDate: '2026-01-01',
      expectedProblems: ['LOW_DETECTION_CONFIDENCE'],
      image: { width: expect.any(Number), height: expect.any(Number) },
    });
  });

  it('draws the card of the card kinds in the layout asked for (classic by default), none for the others', async () => {
    const classic = await generateUnusableCapture({ seed: 4, index: 1, kind: 'no_portrait' });
    const serif = await generateUnusableCapture({ seed: 4, index: 1, kind: 'no_portrait', layout: 'numbered-serif' });
    expect([classic.truth.layout, serif.truth.layout]).toEqual(['classic', 'numbered-serif']);
    expect(classic.jpeg.equals(serif.jpeg)).toBe(false);
    expect((await generateUnusableCapture({ seed: 4, index: 1, kind: 'no_document', layout: 'numbered-serif' })).truth.layout).toBeNull();
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

  it('leaves the portrait of a no_portrait front empty and changes nothing else about the card', async () => {
    const face = await sharp({ create: { width: 200, height: 260, channels: 3, background: { r: 150, g: 90, b: 60 } } })
      .png()
      .toBuffer();
    const with_ = await generateDocument({ seed: 9, index: 1, documentType: 'id_card', portrait: face, degrade: 'clean' });
    const without = await generateDocument({
      seed: 9,
      index: 1,
      documentType: 'id_card',
      portrait: face,
      degrade: 'clean',
      withoutPortrait: true,
    });
    expect(without.images[0].truth).toEqual(with_.images[0].truth);
    // The solid brown portrait is gone from the front: its share of strongly red-brown pixels drops to ~0.
    const brownShare = async (jpeg: Buffer) => {
      const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
      let brown = 0;
      for (let i = 0; i < data.length; i += info.channels)
        if (Math.abs(data[i] - 150) < 20 && Math.abs(data[i + 1] - 90) < 20 && Math.abs(data[i + 2] - 60) < 20) brown++;
      return brown / (info.width * info.height);
    };
    expect(await brownShare(with_.images[0].jpeg)).toBeGreaterThan(0.03);
    expect(await brownShare(without.images[0].jpeg)).toBeLessThan(0.005);
  });
});
