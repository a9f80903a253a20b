import { auc, countsFor, cuePush, fusionRules } from './candidate-fusion';
import { cropAndResize, resizeBilinear } from './human-liveness-candidates';
import { type ScoredSample } from './liveness-eval';

const noCues = { screenGrid: 0, printGamut: 0, deviceBorder: 0, smallFace: 0 };

const sample = (over: Partial<ScoredSample> & Pick<ScoredSample, 'label'>): ScoredSample => ({
  name: `s${Math.random()}`,
  set: 'real',
  kind: 'file',
  isLive: false,
  confidence: 0,
  liveProbability: 0.1,
  modelLiveProbability: 0.1,
  reason: 'SPOOF',
  subReason: 'MODEL',
  cues: noCues,
  ...over,
});

const rule = (name: string) => fusionRules(0.5).find((r) => r.rule === name)!.accepted;

describe('candidate second models for liveness', () => {
  it('lets a rescue overturn only a model refusal with no image-evidence cue', () => {
    const rescue = rule('rescue(humanAntispoof >= 0.9)');
    expect(rescue(sample({ label: 'live', candidates: { humanAntispoof: 0.95 } }))).toBe(true);
    expect(rescue(sample({ label: 'live', candidates: { humanAntispoof: 0.85 } }))).toBe(false);
    // a screen-grid veto stands whatever the candidate says
    expect(
      rescue(sample({ label: 'spoof', subReason: 'SCREEN', cues: { ...noCues, screenGrid: 1 }, candidates: { humanAntispoof: 1 } })),
    ).toBe(false);
    // no verdict (no face) is not rescued
    expect(rescue(sample({ label: 'live', reason: 'FACE_BOX', modelLiveProbability: null, candidates: { humanAntispoof: 1 } }))).toBe(
      false,
    );
  });

  it('averages MiniFASNet and the candidate before the cues push', () => {
    const mean = rule('mean(MiniFASNet, humanLiveness) + cues');
    expect(mean(sample({ label: 'live', modelLiveProbability: 0.2, candidates: { humanLiveness: 0.9 } }))).toBe(true);
    expect(mean(sample({ label: 'live', modelLiveProbability: 0.2, candidates: { humanLiveness: 0.7 } }))).toBe(false);
    expect(cuePush({ ...noCues, deviceBorder: 1 })).toBe(8);
    expect(
      mean(
        sample({ label: 'spoof', modelLiveProbability: 0.9, cues: { ...noCues, deviceBorder: 1 }, candidates: { humanLiveness: 0.99 } }),
      ),
    ).toBe(false);
  });

  it('counts real and synthetic errors per rule', () => {
    const rows = [
      sample({ label: 'live', isLive: true, modelLiveProbability: 0.9 }),
      sample({ label: 'live' }),
      sample({ label: 'spoof', attackType: 'replay' }),
      sample({ label: 'spoof', set: 'synthetic', kind: 'synthetic-print', isLive: true }),
    ];
    const counts = countsFor(rows, new Set(['real']), (r) => r.isLive);
    expect(counts.realBonaFide).toEqual({ n: 2, refused: 1 });
    expect(counts.realAttacks.refused).toBe(1);
    expect(counts.synthetic['synthetic-print']).toEqual({ n: 1, errors: 1 });
  });

  it('computes the AUC as the share of bona fide-attack pairs ranked right', () => {
    expect(auc([0.9, 0.8], [0.1, 0.2])).toBe(1);
    expect(auc([0.1], [0.9])).toBe(0);
    expect(auc([0.9, 0.1], [0.5])).toBeCloseTo(0.5);
  });

  it("crops like tf.image.cropAndResize (0 outside) and resizes like tf's bilinear", () => {
    const image = { width: 2, height: 2, data: new Uint8Array([0, 0, 0, 255, 255, 255, 0, 0, 0, 255, 255, 255]) };
    const whole = cropAndResize(image, [0, 0, 1, 1], 3);
    expect(Array.from(whole.filter((_, i) => i % 3 === 0))).toEqual([0, 0.5, 1, 0, 0.5, 1, 0, 0.5, 1]);
    const shifted = cropAndResize(image, [0, 1, 1, 2], 2); // right half of the samples beyond the image
    expect(shifted[3]).toBe(0);
    expect(shifted[0]).toBe(1);
    const resized = resizeBilinear(whole, 3, 2); // source rows/cols at 0 and 1.5
    expect(Array.from(resized.filter((_, i) => i % 3 === 0))).toEqual([0, 0.75, 0, 0.75]);
  });
});
