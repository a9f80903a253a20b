import { mrzRowsFromHeads, type ReadFragment } from './mrz-rows-from-heads';

/** A level fragment starting at x, on the row at y: `pitch` pixels per character plus the detector's end margins. */
function fragment(text: string, x: number, y: number, pitch = 10, thickness = 20): ReadFragment {
  const length = text.length * pitch + 2 * 0.35 * thickness;
  return { text, region: { cx: x + length / 2, cy: y, length, thickness, angle: 0 } };
}

describe('mrzRowsFromHeads', () => {
  // A card back: place of birth, issue date and authority stacked at the top, then three MRZ heads whose filler
  // runs the detector lost.
  const cardBack = [
    fragment('LEEDS', 40, 60),
    fragment('05 JUN 2023', 40, 95),
    fragment('LEEDS GBR', 40, 130),
    fragment('IDGBR92Y26C1303', 50, 400),
    fragment('7104088M3306046GBR', 50, 435),
    fragment('SMITH<<JAMES', 50, 470),
  ];

  it('runs the three heads of a TD1 on to 30 characters from where they start, not the visual zone stacked above', () => {
    const guesses = mrzRowsFromHeads(cardBack);
    expect(guesses.map((g) => g.lineLength)).toEqual([30]);
    const [{ rows, heads }] = guesses;
    expect(heads).toEqual(['IDGBR92Y26C1303', '7104088M3306046GBR', 'SMITH<<JAMES']);
    rows.forEach((row, i) => {
      const head = cardBack[3 + i].region;
      expect(row.cy).toBeCloseTo(head.cy);
      expect(row.cx - row.length / 2).toBeCloseTo(head.cx - head.length / 2);
      // 30 characters of 10 px, a pitch and a half of slack, the end margins.
      expect(row.length).toBeCloseTo(315 + 14);
    });
  });

  it('reaches text the detector found further along a row, past where a short pitch would end it', () => {
    // The heads were read with a character lost, so their pitch says 9.3 px instead of 10.
    const heads = [fragment('P<AUTBAUER<<', 50, 400, 9.3), fragment('6PYY1YPL71AUT', 50, 435, 9.3)];
    const checkDigits = fragment('06', 50 + 42 * 10, 435);
    const [td3] = mrzRowsFromHeads([...heads, checkDigits]);
    const ends = td3.rows.map((row) => row.cx + row.length / 2);
    expect(ends[1]).toBeCloseTo(checkDigits.region.cx + checkDigits.region.length / 2);
    // The row without such text ends where the pitch says.
    expect(ends[0]).toBeCloseTo(50 + (44 + 1.5) * 9.3 + 14);
  });

  it('offers TD3 and TD2 lengths for two rows, and follows a tilted page', () => {
    const tilt = 0.05;
    const turn = (f: ReadFragment): ReadFragment => {
      const { cx, cy } = f.region;
      return {
        ...f,
        region: { ...f.region, cx: cx * Math.cos(tilt) - cy * Math.sin(tilt), cy: cx * Math.sin(tilt) + cy * Math.cos(tilt), angle: tilt },
      };
    };
    const guesses = mrzRowsFromHeads([fragment('P<FRAROUSSEAU<<HEL', 50, 400), fragment('3RN29LLZZ4FRA870922', 50, 435)].map(turn));
    expect(guesses.map((g) => g.lineLength)).toEqual([44, 36]);
    for (const row of guesses[0].rows) expect(row.angle).toBe(tilt);
  });

  it('finds nothing in a page of words that do not stack as MRZ rows', () => {
    expect(mrzRowsFromHeads([fragment('IDGBR92Y26C1303', 50, 400), fragment('MUSTERMANN', 300, 435), fragment('ERIKA', 50, 520)])).toEqual(
      [],
    );
    expect(mrzRowsFromHeads([fragment('Place of birth', 50, 400), fragment('Date of issue', 50, 435)])).toEqual([]);
  });
});
