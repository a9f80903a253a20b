import { brandingContrastChecks, contrastRatio } from './contrast';
import { cleanAttemptConfidence, describePolicy } from './scoring-wording';

describe('branding contrast', () => {
  it('computes WCAG ratios (black on white is 21:1, white on white 1:1)', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // The widget's default button: white on #1f4fd1.
    expect(contrastRatio('#ffffff', '#1f4fd1')).toBeGreaterThan(4.5);
  });

  it('fails the pairs the session service would refuse, and only those', () => {
    const checks = brandingContrastChecks({
      primary: '#7fb3ff',
      onPrimary: '#ffffff',
      text: '#1a1d24',
      surface: '#ffffff',
      background: '#f3f4f7',
    });
    expect(checks.filter((check) => !check.passes).map((check) => check.label)).toEqual([
      'Button text on the button',
      'Button against the card',
    ]);
    expect(
      brandingContrastChecks({
        primary: '#0b6e4f',
        onPrimary: '#ffffff',
        text: '#1a1d24',
        surface: '#ffffff',
        background: '#eef3f1',
      }).every((c) => c.passes),
    ).toBe(true);
    expect(
      brandingContrastChecks({ primary: 'green', onPrimary: '#ffffff', text: '#000000', surface: '#ffffff', background: '#ffffff' })[2]
        .passes,
    ).toBe(false);
  });
});

describe('scoring policy wording', () => {
  const defaults = { autoApproveThreshold: 0.8, weights: null, lowSeverityPenalty: 0.05, duplicates: 'review' };

  it('scores the clean attempt of docs/scoring-policy.md at 0.915 with the default weights', () => {
    expect(cleanAttemptConfidence(defaults)).toBeCloseTo(0.915, 6);
  });

  it('says how many low-severity signals send a clean attempt to review, and when even a clean one goes there', () => {
    const sentences = describePolicy(defaults);
    expect(sentences[0].meaning).toContain('at least 0.80');
    expect(sentences[0].meaning).toContain('0.115 to spare');
    // 0.915 - 3 × 0.05 = 0.765 < 0.8, two leave 0.815.
    expect(sentences[2].meaning).toContain('3 such signals send a clean attempt to a reviewer');
    expect(describePolicy({ ...defaults, autoApproveThreshold: 0.95 })[0].meaning).toContain('even a clean attempt goes to a reviewer');
    expect(describePolicy({ ...defaults, duplicates: 'allow' })[3].meaning).toContain('only recorded');
  });
});
