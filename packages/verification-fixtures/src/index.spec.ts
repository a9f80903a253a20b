import sharp from 'sharp';
import { documentFixture, groupPhoto, liveSelfie, otherPersonPortrait, sharedDataAvailable, spoofSelfies } from './index';

/** The fixtures the e2e suites verify whole sessions with: they must be what their names say. */
describe('verification fixtures', () => {
  it('finds ../shared/data beside the checkout (under CI it must be there)', () => {
    expect(sharedDataAvailable()).toBe(true);
  });

  it('hands out decodable images, and the spoofs are not the live selfie', async () => {
    for (const image of [liveSelfie(), ...spoofSelfies(), groupPhoto(), otherPersonPortrait()]) {
      expect((await sharp(image).metadata()).width).toBeGreaterThan(100);
    }
    expect(spoofSelfies().some((spoof) => spoof.equals(liveSelfie()))).toBe(false);
  });

  it('generates a passport as one main page and an ID card as front and back, with their ground truth', async () => {
    const passport = await documentFixture({ documentType: 'passport', referenceDate: '2026-01-01' });
    expect(passport.sides.map((s) => s.side)).toEqual(['main']);
    const card = await documentFixture({ documentType: 'id_card', referenceDate: '2026-01-01' });
    expect(card.sides.map((s) => s.side)).toEqual(['front', 'back']);
    for (const { image } of [...passport.sides, ...card.sides]) expect((await sharp(image).metadata()).format).toBe('jpeg');
    expect(passport.expected.documentNumber).toMatch(/^[A-Z0-9]{6,}$/);
    expect(passport.expected.expiryDate > '2026-01-01').toBe(true);
  }, 60_000);

  it("prints somebody else's portrait on an impostor's document, and is deterministic per seed", async () => {
    const genuine = await documentFixture({ seed: 3, referenceDate: '2026-01-01' });
    const again = await documentFixture({ seed: 3, referenceDate: '2026-01-01' });
    const impostor = await documentFixture({ seed: 3, portrait: 'other_person', referenceDate: '2026-01-01' });
    expect(again.expected).toEqual(genuine.expected);
    expect(impostor.expected).toEqual(genuine.expected);
    expect(impostor.sides[0].image.equals(genuine.sides[0].image)).toBe(false);
  }, 60_000);
});
