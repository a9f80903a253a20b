import { type BorderEvidence } from './evidence/border-evidence';
import { type ColourEvidence } from './evidence/colour-evidence';
import { type FramingEvidence } from './evidence/framing-evidence';
import { type FrequencyEvidence } from './evidence/frequency-evidence';

/**
 * Fuses the two MiniFASNet scores with the image evidence in log-odds space:
 *
 *   logit(p_live) = logit(p_model) − Σ wᵢ·cueᵢ,   cueᵢ ∈ [0, 1]
 *
 * p_model is upstream's own fusion (mean of both models' live-class softmax). Cues only ever push
 * towards spoof: their absence is not evidence of liveness (a good replay has no visible moiré).
 *
 * Decided from data (2026-11-26, `npm run eval:liveness`): the 108 real bona fide photos of
 * faces-real-dev, spoof-real-dev and spoof-dev, their 8 real attacks, and the synthetic screen
 * replays and prints derived from 45 of those photos, together. The rule: **a cue may veto (push
 * past any model confidence) only at values no real bona fide capture reached; where real photos
 * do reach, it may only tip an uncertain model verdict.**
 *
 * - Screen grid (peak-to-ring, dB): real photos measured 9.5–20.8 dB, one at 34.2 dB (spoof-real-dev
 *   img16, a portrait with a periodic pattern near the face) on the detector's box, 9.3–20.6 and
 *   32.2 dB on the landmark box liveness now uses (landmark-box.ts). On 2026-11-27's boxes img16
 *   measures 19.4 dB, but the statistic moves with the box: over nearby boxes (centre ± 15 %, side
 *   × 0.8–1.25; eval:liveness `screenGridSpread`) real photos reach 33.1 (img16), 31.8 (img09) and
 *   26.8 dB (img04), so the veto stays beyond them. Synthetic screens 28.9–67 dB
 *   (p05 45), synthetic prints 16–39 dB (p50 32), real attacks 13–46 dB. No cue below 22 dB; from
 *   22 to 28 dB it rises to a
 *   push of 2.5 (the old full screen-grid weight) and stays there up to 36 dB: a model at ≤ 0.92
 *   live can be tipped, a confident one not; from 36 dB, beyond every real photo, it vetoes (push 8).
 *   Across the face (2026-11-27): the lowest of the statistic over five blocks (centre, and shifted
 *   a quarter of the box left, right, up, down) vetoes from 26 dB. A screen grid or halftone covers
 *   the whole face; a real photo's periodic pattern does not: real photos measured ≤ 18.8 dB on
 *   their box and ≤ 24.0 over 27 nearby boxes (centre ± 15 %, side × 0.8–1.25), where the centre
 *   block alone reaches 33.1. Synthetic prints accepted 34 → 16 of 180 in the measurement.
 * - Device border (straight edges left, right and above or below the face): fired on none of the
 *   108 real photos, on 2 of the real attacks and on the synthetic attacks framed by a device or a
 *   photo edge: a veto (push 8).
 * - Print gamut (the frame's 95th-percentile chroma): real photos range down to chroma 5 (TV stills,
 *   old photos, warm light); it fired on 28 of 108 real photos and rejected 4 of them, the one real
 *   print measured chroma 38 (no cue), and synthetic prints are not low in chroma either (halftone
 *   dots are saturated). It is right on no real capture, so it has no weight: still measured and
 *   reported in `details.cues`, no longer a reason (`PRINT` is not given any more).
 * - Small face (< 2 % of the frame): on no attack; on one real photo (spoof-real-dev img27, a
 *   full-length night portrait, 1.4 % of the frame with the landmark box: push 0.2, the model
 *   refuses it anyway at 0.33); kept at its old weight 0.5 (a tip, not a veto).
 */
export interface LivenessCues {
  /** Isolated spectral peaks in the face: screen pixel grid / moiré or print halftone. */
  screenGrid: number;
  /** Colour gamut compressed like ink on paper (whole frame). Null on greyscale input. Reported, not weighted. */
  printGamut: number | null;
  /** Straight edges bracketing the face on three sides (device bezel, photo edge). */
  deviceBorder: number;
  /** The face is a very small part of the frame. */
  smallFace: number;
}

/** A push of this size overturns a model verdict up to 0.9997 live. */
const VETO = 8;

export const CUE_WEIGHTS: Readonly<Record<keyof LivenessCues, number>> = {
  screenGrid: VETO,
  printGamut: 0,
  deviceBorder: VETO,
  smallFace: 0.5,
};

/** Screen-grid cue levels in dB of peak over ring median (see above). */
export const SCREEN_GRID_DB = {
  /** Below: no cue (the bulk of real bona fide photos, max 20.8 dB). */
  from: 22,
  /** The tip is full from here up to `veto`. */
  fullTip: 28,
  /** Veto at or above: beyond every real bona fide photo measured (max 34.2 dB). */
  veto: 36,
  /** The push below `veto`, as a share of the weight: 2.5 of 8. */
  tipShare: 2.5 / VETO,
  /**
   * Veto when the lowest of the five blocks across the face (FrequencyEvidence.acrossFaceDb) is at
   * or above this. Real bona fide photos: at most 18.8 dB on their box and 24.0 dB over 27 nearby
   * boxes (spoof-real-dev img09; eval:liveness `screenGridSpread` measures the centre block, the
   * across-face spread was measured by the same boxes on 2026-11-27), so 26 is 2 dB beyond any.
   */
  acrossFaceVeto: 26,
} as const;

const ramp = (value: number, from: number, to: number): number => Math.min(1, Math.max(0, (value - from) / (to - from)));

/**
 * 0 below `from`, rising to `tipShare` at `fullTip` and staying there below `veto`, 1 at or above
 * it; 1 as well when the peak is there across the whole face (`acrossFaceDb` ≥ `acrossFaceVeto`).
 */
export function screenGridCue(peakToRingDb: number, acrossFaceDb: number | null = null): number {
  if (peakToRingDb >= SCREEN_GRID_DB.veto) return 1;
  if (acrossFaceDb !== null && acrossFaceDb >= SCREEN_GRID_DB.acrossFaceVeto) return 1;
  return SCREEN_GRID_DB.tipShare * ramp(peakToRingDb, SCREEN_GRID_DB.from, SCREEN_GRID_DB.fullTip);
}

export function cuesFromEvidence(evidence: {
  frequency: FrequencyEvidence | null;
  colour: ColourEvidence;
  greyscaleInput: boolean;
  border: BorderEvidence;
  framing: FramingEvidence;
}): LivenessCues {
  const { sides } = evidence.border;
  const bracketing = [sides.left, sides.right, sides.top, sides.bottom].filter(Boolean).length;
  return {
    screenGrid: evidence.frequency ? screenGridCue(evidence.frequency.peakToRingDb, evidence.frequency.acrossFaceDb) : 0,
    // Ink gamut: chroma p95 under 30 ramps to 1 at 15. Measured for the record; weight 0 (above).
    printGamut: evidence.greyscaleInput ? null : ramp(-evidence.colour.chromaP95, -30, -15),
    // Three bracketing sides (left+right+top or bottom) is what a held device or print shows.
    deviceBorder: sides.left && sides.right && bracketing >= 3 ? 1 : 0,
    smallFace: ramp(-evidence.framing.faceAreaRatio, -0.02, -0.005),
  };
}

export interface FusedVerdict {
  liveProbability: number;
  /** The cue (or 'model') that moved the log-odds most towards spoof. */
  dominant: keyof LivenessCues | 'model';
}

const clampProbability = (p: number): number => Math.min(1 - 1e-6, Math.max(1e-6, p));
const logit = (p: number): number => Math.log(p / (1 - p));

export function fuse(modelLiveProbability: number, cues: LivenessCues): FusedVerdict {
  let z = logit(clampProbability(modelLiveProbability));
  let dominant: FusedVerdict['dominant'] = 'model';
  let strongest = Math.max(0, -z);
  for (const key of Object.keys(CUE_WEIGHTS) as Array<keyof LivenessCues>) {
    const push = CUE_WEIGHTS[key] * (cues[key] ?? 0);
    z -= push;
    if (push > strongest) {
      strongest = push;
      dominant = key;
    }
  }
  return { liveProbability: 1 / (1 + Math.exp(-z)), dominant };
}
