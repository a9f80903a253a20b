import { ErrorCode, KycError } from '@kyc/errors';
import { DEFAULT_BRANDING, MIN_TEXT_CONTRAST, changeBranding, contrastProblems, contrastRatio, mutedTextColour } from './branding';

function refusal(fn: () => unknown): { code: ErrorCode; problems: string[] } {
  try {
    fn();
  } catch (e) {
    if (e instanceof KycError) return { code: e.code, problems: (e.details as { problems: string[] }).problems };
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('contrastRatio (WCAG 2.x)', () => {
  it('gives 21:1 for black on white and 1:1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
  });

  it('matches published reference values', () => {
    // #767676 on white is the well-known lightest grey that passes AA (4.54:1); #777777 fails (4.48:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe('changeBranding', () => {
  it('keeps the defaults legible', () => {
    expect(contrastProblems(DEFAULT_BRANDING)).toEqual([]);
  });

  it('applies a legible change and keeps fields left out', () => {
    const next = changeBranding(DEFAULT_BRANDING, { colorPrimary: '#0B6E4F', cornerRadiusPx: 4 });
    expect(next).toEqual({ ...DEFAULT_BRANDING, colorPrimary: '#0b6e4f', cornerRadiusPx: 4 });
  });

  it('refuses white text on a yellow button, naming the pair and its ratio', () => {
    const { code, problems } = refusal(() => changeBranding(DEFAULT_BRANDING, { colorPrimary: '#ffd400' }));
    expect(code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(problems).toEqual([
      expect.stringMatching(/^colorOnPrimary on colorPrimary contrast is 1\.\d\d:1, WCAG AA needs at least 4\.5:1$/),
      expect.stringMatching(/^colorPrimary on colorSurface contrast is 1\.\d\d:1, WCAG AA needs at least 3:1$/),
    ]);
  });

  it('judges the pair as it will be, so a dark theme changed in one request is accepted', () => {
    const dark = changeBranding(DEFAULT_BRANDING, {
      colorText: '#f2f2f2',
      colorSurface: '#1c1c1e',
      colorBackground: '#000000',
      colorPrimary: '#7aa2ff',
      colorOnPrimary: '#000000',
    });
    expect(contrastProblems(dark)).toEqual([]);
    // The same text colour alone would put light text on the default white card.
    expect(refusal(() => changeBranding(DEFAULT_BRANDING, { colorText: '#f2f2f2' })).problems[0]).toMatch(/^colorText on colorSurface/);
  });

  it('lists every malformed value at once and changes nothing', () => {
    const { problems } = refusal(() =>
      changeBranding(DEFAULT_BRANDING, { colorText: 'red', cornerRadiusPx: 40, fontFamily: 'x; background:url(https://evil)' }),
    );
    expect(problems).toEqual([
      'colorText must be a colour as #rrggbb',
      'cornerRadiusPx must be a whole number from 0 to 32',
      expect.stringMatching(/^fontFamily must be a comma-separated list/),
    ]);
  });

  it('takes a font stack of local families and ends it with a generic family', () => {
    expect(changeBranding(DEFAULT_BRANDING, { fontFamily: "Inter,  'Helvetica Neue'" }).fontFamily).toBe(
      "Inter, 'Helvetica Neue', sans-serif",
    );
    expect(changeBranding(DEFAULT_BRANDING, { fontFamily: 'Georgia, serif' }).fontFamily).toBe('Georgia, serif');
    expect(refusal(() => changeBranding(DEFAULT_BRANDING, { fontFamily: '"Inter"}' })).problems).toHaveLength(1);
    expect(refusal(() => changeBranding(DEFAULT_BRANDING, { fontFamily: '' })).problems).toHaveLength(1);
  });
});

describe('mutedTextColour', () => {
  it('mixes text towards the surface and stays legible on it', () => {
    const muted = mutedTextColour(DEFAULT_BRANDING);
    expect(muted).not.toBe(DEFAULT_BRANDING.colorText);
    expect(contrastRatio(muted, DEFAULT_BRANDING.colorSurface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('falls back to the text colour where the mix would be illegible', () => {
    // Text just above AA on its surface: any step towards the surface falls under it.
    expect(mutedTextColour({ colorText: '#767676', colorSurface: '#ffffff' })).toBe('#767676');
  });
});
