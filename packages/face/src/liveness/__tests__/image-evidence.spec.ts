import { readFileSync } from 'fs';
import { join } from 'path';
import { decodeToRgb } from '../decode-image';
import { measureBorderEvidence } from '../evidence/border-evidence';
import { measureFrequencyEvidence } from '../evidence/frequency-evidence';
import { toLuma } from '../evidence/greyscale';
import { placeInDevice, simulatePrint, simulateScreenReplay } from '../../testing/simulated-attacks';
import { type RgbImage } from '../types';
import { SPOOF_DEV_BOXES, SPOOF_DEV_DIR } from '../../testing/spoof-dev';

describe('image evidence on the live sample and on simulated attacks built from it', () => {
  const box = SPOOF_DEV_BOXES['image_T1.jpg'];
  let live: RgbImage;
  beforeAll(async () => {
    const decoded = await decodeToRgb(readFileSync(join(SPOOF_DEV_DIR, 'image_T1.jpg')));
    if (!decoded.ok) throw new Error('decode failed');
    live = decoded.image;
  });

  it('finds no strong isolated spectral peak in a real face, a strong one through a display grid or halftone', () => {
    const natural = measureFrequencyEvidence(toLuma(live), box);
    const screen = measureFrequencyEvidence(toLuma(simulateScreenReplay(live, 1.7, 3)), box);
    const print = measureFrequencyEvidence(toLuma(simulatePrint(live, 4.5)), box);
    expect(natural?.peakToRingDb).toBeLessThan(18);
    expect(screen?.peakToRingDb).toBeGreaterThan(28);
    expect(print?.peakToRingDb).toBeGreaterThan(18);
  });

  it('finds the halftone and display peaks across the whole face, and measures across the face only from the given level', () => {
    const everywhere = Number.NEGATIVE_INFINITY;
    const natural = measureFrequencyEvidence(toLuma(live), box, everywhere);
    const screen = measureFrequencyEvidence(toLuma(simulateScreenReplay(live, 1.7, 3)), box, everywhere);
    const print = measureFrequencyEvidence(toLuma(simulatePrint(live, 4.5)), box, everywhere);
    expect(natural?.acrossFaceDb).toBeLessThan(18);
    expect(screen?.acrossFaceDb).toBeGreaterThan(26);
    expect(print?.acrossFaceDb).toBeGreaterThan(18);
    // The lowest of five blocks is never above the centre block's value.
    for (const e of [natural, screen, print]) expect(e?.acrossFaceDb).toBeLessThanOrEqual(e?.peakToRingDb ?? 0);
    // Below the level, the shifted blocks are not measured (no cost on an ordinary selfie).
    expect(measureFrequencyEvidence(toLuma(live), box)?.acrossFaceDb).toBeNull();
  });

  it('sees a device bezel bracket the face left, right and above, but not three sides in the live frame', () => {
    const framed = placeInDevice(live, box, 0.8);
    const device = measureBorderEvidence(toLuma(framed.image), framed.box);
    // The bezel's bottom edge is 1.56 face widths below the chin, just beyond the search reach.
    expect(device.sides).toEqual({ left: true, right: true, top: true, bottom: false });
    const natural = measureBorderEvidence(toLuma(live), box);
    expect(Object.values(natural.sides).filter(Boolean).length).toBeLessThan(3);
  });

  it('returns no frequency evidence for a face smaller than one 32-px block', () => {
    expect(measureFrequencyEvidence(toLuma(live), { x: 10, y: 10, width: 20, height: 20 })).toBeNull();
  });
});
