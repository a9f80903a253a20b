import { decodeImage } from '../../image/decode-image';
import { type RgbImage } from '../../ocr/types';
import { computeCheckDigit } from '../check-digit';
import { renderOcrbMrzPage } from '../../testing/ocrb-mrz-page';
import { withOcrbFont } from '../../testing/required-inputs';
import { locateMrzRows } from './locate-mrz-rows';
import { readLocatedMrz } from './read-located-mrz';

const describeWithFont = withOcrbFont().describe;
const now = new Date('2026-01-01T00:00:00Z');

function td3(number: string, names: string): string[] {
  const cd = (s: string) => String(computeCheckDigit(s));
  const body = `${number}${cd(number)}UTO740812${cd('740812')}F270415${cd('270415')}${'<'.repeat(14)}<`;
  const composite = cd(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [`P<UTO${names}`.padEnd(44, '<'), `${body}${composite}`];
}

async function image(page: Buffer): Promise<RgbImage> {
  const decoded = await decodeImage(page);
  if (!decoded.ok) throw new Error(decoded.detail);
  return decoded.image;
}

describeWithFont('the MRZ read without the text detector (small glyphs)', () => {
  // Pitch 8: glyphs ~8 px high, as on mrz-real-dev's 512-px AZE photo, softened as a phone softens them.
  const lines = td3('C01X00T47', 'MUSTERMANN<<ERIKA');

  it('finds the two rows of a TD3 where they are printed', async () => {
    const page = await image(await renderOcrbMrzPage(lines, { pitch: 8, smoothSigma: 0.6 }));
    const [first] = locateMrzRows(page);
    expect(first.rows).toHaveLength(2);
    // renderOcrbMrzPage: baselines 60 px and 60 + 1.9 pitches above the bottom; glyph centres ~0.35 em above.
    const expected = [page.height - 60 - 1.9 * 8, page.height - 60].map((baseline) => baseline - 0.35 * 8 * 1.45);
    first.rows.forEach((row, k) => expect(Math.abs(row.cy - expected[k])).toBeLessThan(3));
    first.rows.forEach((row) => expect(row.length).toBeGreaterThan(44 * 8 * 0.9));
  }, 60_000);

  it('reads that TD3 exactly and valid', async () => {
    const page = await image(await renderOcrbMrzPage(lines, { pitch: 8, smoothSigma: 0.6 }));
    const found = await readLocatedMrz(page, now);
    expect(found?.reading.lines).toEqual(lines);
    expect(found?.reading.valid).toBe(true);
  }, 120_000);

  it('returns nothing for rows that are no MRZ', async () => {
    const page = await image(
      await renderOcrbMrzPage(['THIS<LINE<IS<NOT<AN<MRZ<LINE<AT<ALL<<<<<<<<<', 'NOR<IS<THIS<ONE<THOUGH<IT<IS<AS<LONG<<<<<<<'], {
        pitch: 8,
        smoothSigma: 0.6,
      }),
    );
    expect(await readLocatedMrz(page, now)).toBeNull();
  }, 120_000);
});
