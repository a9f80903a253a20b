import { judgeMrzFirmness } from '../analysis/mrz-read-firmness';
import { type OcrLine } from '../ocr/types';
import { findMrz } from './find-mrz-lines';

const now = new Date('2026-01-01T00:00:00Z');
const linesOf = (texts: string[]): OcrLine[] =>
  texts.map((text, i) => ({ text, confidence: 0.95, box: { x: 0, y: i * 40, width: 900, height: 30 }, words: [] }));

// Seed 2026 doc 297 of eval:documents: a passport printed with a wrong expiry check digit (its last digit 7, the
// date's is 6), whose name line the detector cut after the first fillers of its padding.
const LINE_2 = 'C7W2RVXWZ5GBR5405231M3511167<<<<<<<<<<<<<<00';

describe('findMrz', () => {
  it('takes a passport name line cut in its padding (three fillers or more at its end) beside line 2', () => {
    const search = findMrz(linesOf(['16 NOV 2035', 'P<GBRWALKER<<JAMES<<<<<<<', LINE_2]), now);
    expect(search.reading?.lines).toEqual(['P<GBRWALKER<<JAMES<<<<<<<<<<<<<<<<<<<<<<<<<<', LINE_2]);
    expect(search.reading?.fields.surname?.value).toBe('WALKER');
    expect(search.reading?.fields.givenNames?.value).toBe('JAMES');
    // The wrong check digit was read on a line read at its length, without repairs: evidence about the document.
    const firmness = judgeMrzFirmness(search.reading!);
    expect(firmness.firm).toBe(false);
    expect(firmness.trustedFailures).toEqual(expect.arrayContaining(['expiryDate', 'composite']));
  });

  it('does not take a short line that ends at the fillers between surname and given names', () => {
    // Two fillers join the surname and the given names: the given names may be what the detector lost.
    expect(findMrz(linesOf(['P<GBRWALKER<<', LINE_2]), now).reading).toBeNull();
    // Nor a short line that opens like a passport's but carries digits, which no name holds.
    expect(findMrz(linesOf(['P<GBR12345<<<', LINE_2]), now).reading).toBeNull();
  });
});
