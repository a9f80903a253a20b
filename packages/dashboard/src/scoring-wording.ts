/**
 * What each scoring setting means, in one sentence with the numbers filled in
 * (docs/scoring-policy.md): shown beside the form so an integrator sees the effect before saving.
 */
export interface PolicySettings {
  autoApproveThreshold: number;
  weights: { detectionConfidence: number; faceMatchScore: number; livenessConfidence: number } | null;
  lowSeverityPenalty: number;
  duplicates: string;
}

/** The clean attempt docs/scoring-policy.md reasons with: document read 0.95, live selfie 0.9, face match 0.9. */
export const CLEAN_ATTEMPT = { detectionConfidence: 0.95, faceMatchScore: 0.9, livenessConfidence: 0.9 } as const;

const DEFAULT_WEIGHTS = { detectionConfidence: 0.3, faceMatchScore: 0.5, livenessConfidence: 0.2 };

const fixed = (value: number, digits = 2) => value.toFixed(digits);

export function cleanAttemptConfidence(settings: PolicySettings): number {
  const weights = settings.weights ?? DEFAULT_WEIGHTS;
  return (
    weights.detectionConfidence * CLEAN_ATTEMPT.detectionConfidence +
    weights.faceMatchScore * CLEAN_ATTEMPT.faceMatchScore +
    weights.livenessConfidence * CLEAN_ATTEMPT.livenessConfidence
  );
}

export function describePolicy(settings: PolicySettings): { setting: string; meaning: string }[] {
  const weights = settings.weights ?? DEFAULT_WEIGHTS;
  const clean = cleanAttemptConfidence(settings);
  const margin = clean - settings.autoApproveThreshold;
  const signalsToReview =
    settings.lowSeverityPenalty > 0 && margin >= 0 ? Math.floor(margin / settings.lowSeverityPenalty + 1e-9) + 1 : null;
  return [
    {
      setting: 'Auto-approve threshold',
      meaning:
        `An attempt that no review rule stops is approved automatically when its confidence is at least ${fixed(settings.autoApproveThreshold)}; ` +
        `below that it goes to a reviewer (manual_review). A clean attempt (document read 0.95, live selfie 0.9, face match 0.9) scores ${fixed(clean, 3)}` +
        (margin >= 0 ? `, so it is approved with ${fixed(margin, 3)} to spare.` : `, so even a clean attempt goes to a reviewer.`),
    },
    {
      setting: 'Weights',
      meaning:
        `The confidence is ${fixed(weights.faceMatchScore)} × the face match score + ${fixed(weights.detectionConfidence)} × how surely the document was read + ` +
        `${fixed(weights.livenessConfidence)} × the liveness confidence (the three add up to 1).`,
    },
    {
      setting: 'Low-severity penalty',
      meaning:
        `Each low-severity authenticity signal lowers the confidence by ${fixed(settings.lowSeverityPenalty)}` +
        (signalsToReview === null
          ? '.'
          : `; ${signalsToReview} such signal${signalsToReview === 1 ? '' : 's'} send${signalsToReview === 1 ? 's' : ''} a clean attempt to a reviewer.`),
    },
    {
      setting: 'Suspected duplicates',
      meaning:
        settings.duplicates === 'allow'
          ? 'A person who seems to have verified before under another identity is only recorded; the attempt is decided on its own merits.'
          : 'A person who seems to have verified before under another identity goes to a reviewer, with the earlier verification beside it.',
    },
  ];
}
