import sharp from 'sharp';
import { ALL_POA_LAYOUTS, formatDate, KIND_OF_LAYOUT, otherPoaPerson, randomPoaPerson } from './poa-content';
import { generateProofOfAddress } from './generate-poa';
import { Prng } from '../prng';

jest.setTimeout(120_000);

describe('generateProofOfAddress', () => {
  it('is deterministic: same seed and index give the same bytes and truth, another seed differs', async () => {
    const a = await generateProofOfAddress({ seed: 3, index: 2, degrade: 'mixed' });
    const b = await generateProofOfAddress({ seed: 3, index: 2, degrade: 'mixed' });
    const c = await generateProofOfAddress({ seed: 4, index: 2, degrade: 'mixed' });
    expect(a.image.equals(b.image)).toBe(true);
    expect(a.truth).toEqual(b.truth);
    expect(c.image.equals(a.image)).toBe(false);
  });

  it('renders every layout as an A4 page at 150 dpi with its kind and a complete ground truth', async () => {
    for (const layout of ALL_POA_LAYOUTS) {
      const { image, truth } = await generateProofOfAddress({ seed: 1, index: 0, layout, referenceDate: '2026-03-01' });
      const meta = await sharp(image).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1240, 1754]);
      expect(truth).toMatchObject({ layout, kind: KIND_OF_LAYOUT[layout], capture: 'scan', degradations: [], referenceDate: '2026-03-01' });
      expect(truth.holderName.toUpperCase()).toBe(`${truth.holder.firstName} ${truth.holder.lastName}`.toUpperCase());
      expect(truth.addressLines.length).toBeGreaterThanOrEqual(2);
      expect(truth.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(truth.otherDates.length).toBeGreaterThan(0);
      expect(truth.otherDates).not.toContain(truth.issueDate);
    }
  });

  it('mixes fresh and stale issue dates and photographs some pages', async () => {
    const truths = await Promise.all(
      Array.from({ length: 16 }, (_, index) => generateProofOfAddress({ seed: 9, index, degrade: 'mixed' })),
    );
    const fresh = truths.filter((t) => t.truth.fresh).length;
    expect(fresh).toBeGreaterThan(0);
    expect(fresh).toBeLessThan(16);
    expect(truths.some((t) => t.truth.capture === 'photo')).toBe(true);
    expect(truths.filter((t) => t.truth.degradations.length > 0).every((t) => t.truth.image.format === 'jpeg')).toBe(true);
  });

  it('formats dates as the page prints them', () => {
    expect(formatDate('2026-03-05', 'dotted', 'de')).toBe('05.03.2026');
    expect(formatDate('2026-03-05', 'day_month', 'de')).toBe('5. März 2026');
    expect(formatDate('2026-03-05', 'month_day', 'en')).toBe('March 5, 2026');
    expect(formatDate('2026-03-05', 'slashed', 'en')).toBe('05/03/2026');
  });

  it('draws another person of the same region for the false-match probe', () => {
    const rng = new Prng(5);
    for (let i = 0; i < 20; i++) {
      const person = randomPoaPerson(rng);
      const other = otherPoaPerson(rng, person);
      expect(other.regionCode).toBe(person.regionCode);
      expect(other.lastName).not.toBe(person.lastName);
      expect(other.firstName).not.toBe(person.firstName);
    }
  });
});
