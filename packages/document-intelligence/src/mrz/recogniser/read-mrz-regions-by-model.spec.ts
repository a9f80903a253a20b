import { decodeImage } from '../../image/decode-image';
import { type OrientedBox } from '../../ocr/oriented-box';
import { detectLongLines } from '../../ocr/run-ocr';
import { type RgbImage } from '../../ocr/types';
import { computeCheckDigit } from '../check-digit';
import { renderOcrbMrzPage } from '../../testing/ocrb-mrz-page';
import { findMrzByModel } from './read-mrz-regions-by-model';
import { withOcrbFont } from '../../testing/required-inputs';

const describeWithFont = withOcrbFont().describe;
const now = new Date('2026-01-01T00:00:00Z');

/** The long lines of a page as the first OCR pass hands them to the pre-readers (detected, merged, padded). */
async function longLines(page: Buffer): Promise<{ image: RgbImage; regions: OrientedBox[] }> {
  const decoded = await decodeImage(page);
  if (!decoded.ok) throw new Error(decoded.detail);
  return { image: decoded.image, regions: await detectLongLines(decoded.image) };
}

function td3(number: string, names: string): string[] {
  const cd = (s: string) => String(computeCheckDigit(s));
  const body = `${number}${cd(number)}UTO740812${cd('740812')}F270415${cd('270415')}${'<'.repeat(14)}<`;
  const composite = cd(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [`P<UTO${names}`.padEnd(44, '<'), `${body}${composite}`];
}

describeWithFont('the OCR-B recogniser as the first MRZ reader', () => {
  // A general-purpose recogniser reads OCR-B's 0 as O and runs of fillers one short; this one, decoded under the
  // layout's grammar, reads them as printed. (A number that mixes O and 0 is not read apart yet: see the model card.)
  it.each([
    ['a number of zeros', '000000000', 'ERIKSSON<<ANNA<MARIA'],
    ['letters and zeros in the number', 'C01X00T47', 'MUSTERMANN<<ERIKA'],
  ])(
    'reads a clean TD3 page exactly: %s',
    async (_label, number, names) => {
      const lines = td3(number, names);
      const { image, regions } = await longLines(await renderOcrbMrzPage(lines, { pitch: 24 }));
      const found = await findMrzByModel(image, regions, now);
      expect(found?.lines).toEqual(lines);
      expect(found?.reading.valid).toBe(true);
    },
    120_000,
  );

  it('returns nothing where no two lines make a valid MRZ', async () => {
    const [nameLine] = td3('L898902C3', 'ERIKSSON<<ANNA<MARIA');
    const { image, regions } = await longLines(
      await renderOcrbMrzPage([nameLine, 'THIS<LINE<IS<NOT<AN<MRZ<LINE<AT<ALL<<<<<<<<'], { pitch: 24 }),
    );
    expect(await findMrzByModel(image, regions, now)).toBeNull();
  }, 120_000);
});
