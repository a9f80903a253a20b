import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { generateDocument } from '@kyc/document-generator';
import { analyzeDocumentSide, compareSides, mergeDocumentSides } from './analyze-as-service';

jest.setTimeout(120_000);

// The live sample the face search's own test prints on a passport: a face it is known to find in print.
const LIVE_SAMPLE = join(__dirname, '../../../../../shared/data/spoof-dev/image_T1.jpg');

describe('analyzeDocumentSide as the service runs it (the eval harness loads it)', () => {
  it('checks the portrait with the face search: found on a card front that prints one, missing on one that does not', async () => {
    const face = await sharp(readFileSync(LIVE_SAMPLE)).rotate().jpeg({ quality: 90 }).toBuffer();
    const card = (withoutPortrait: boolean) =>
      generateDocument({
        layout: 'classic',
        seed: 11,
        index: 0,
        documentType: 'id_card',
        portrait: face,
        degrade: 'clean',
        withoutPortrait,
      });
    const withFace = await analyzeDocumentSide((await card(false)).images[0].jpeg, {
      side: 'front',
      now: new Date('2026-01-01T12:00:00Z'),
    });
    expect(withFace.portrait).toMatchObject({ checked: true, found: true });
    expect(withFace.problems).not.toContain('PORTRAIT_NOT_DETECTED');
    const faceless = await analyzeDocumentSide((await card(true)).images[0].jpeg, { side: 'front', now: new Date('2026-01-01T12:00:00Z') });
    expect(faceless.portrait).toMatchObject({ checked: true, found: false });
    expect(faceless.problems).toContain('PORTRAIT_NOT_DETECTED');
  });

  it("compares a card's sides as the service does: a back of another person's card is mixing, the card's own back is not", async () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const sides = async (faults: 'front_back_different_people'[]) => {
      const card = await generateDocument({ layout: 'classic', seed: 11, index: 1, documentType: 'id_card', faults, degrade: 'clean' });
      const [front, back] = card.images;
      return [
        await analyzeDocumentSide(front.jpeg, { side: 'front', now }),
        await analyzeDocumentSide(back.jpeg, { side: 'back', now }),
      ] as const;
    };
    const own = await sides([]);
    expect(compareSides(...own)).toEqual({ mixingSuspected: false, zonesDisagree: false });
    // The verification's data: the back's MRZ first, the front's and back's printed zones for the rest.
    const truth = (await generateDocument({ layout: 'classic', seed: 11, index: 1, documentType: 'id_card', degrade: 'clean' })).images[1]
      .truth.extractedData;
    expect(mergeDocumentSides([...own])).toMatchObject({
      documentNumber: truth.documentNumber,
      dateOfBirth: truth.dateOfBirth,
      issueDate: truth.issueDate,
    });
    const mixed = compareSides(...(await sides(['front_back_different_people'])));
    expect(mixed.mixingSuspected).toBe(true);
    expect(mixed.reason).toMatch(/differs/);
  });

  it("refuses what the service's intake refuses, before any analysis", async () => {
    await expect(analyzeDocumentSide(Buffer.from('not an image'), { side: 'front' })).rejects.toMatchObject({ code: 'KYC_006' });
  });
});
