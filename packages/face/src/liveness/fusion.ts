import { type BorderEvidence } from './evidence/border-evidence';
import { type ColourEvidence } from './evidence/colour-evidence';
import { type FramingEvidence } from './evidence/framing-evidence';
import { type FrequencyEvidence } from './evidence/frequency-evidence';

/**
 * Fuses the two MiniFASNet scores with the image evidence in log-odds space:
 *
 *   logit(p_live) = logit(p_model) − Σ wᵢ·cueᵢ,   cueᵢ ∈ [0, 1]
 *
 * p_model is upstream's own fusion (mean of both models' live-class softmax). The models were
 * trained on ~10^5 faces; the cues are hand-built physics with no training set behind them, so
 * each weight is bounded well below what a confident model verdict carries (a model at 0.98 live
 * has logit ≈ 3.9): a single cue can tip an uncertain verdict but not overturn a confident one,
 * while a screen grid + device border together (−3.5) overturn a model verdict up to ≈0.97 live. Cues only ever push towards spoof:
 * their absence is not evidence of liveness (a good replay has no visible moiré).
 */
export interface LivenessCues {
  /** Isolated spectral peaks in the face: screen pixel grid / moiré or print halftone. */
  screenGrid: number;
  /** Colour gamut compressed like ink on paper (whole frame). Null on greyscale input. */
  printGamut: number | null;
  /** Straight edges bracketing the face on three sides (device bezel, photo edge). */
  deviceBorder: number;
  /** The face is a very small part of the frame. */
  smallFace: number;
}

export const CUE_WEIGHTS: Readonly<Record<keyof LivenessCues, number>> = {
  screenGrid: 2.5,
  printGamut: 1.5,
  deviceBorder: 1.0,
  smallFace: 0.5,
};

const ramp = (value: number, from: number, to: number): number => Math.min(1, Math.max(0, (value - from) / (to - from)));

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
    // Natural faces measured 12-15 dB (upstream's three samples, real spoofs included: camera
    // blur hides fine grids); a visible grid gives narrow peaks 10+ dB above that.
    screenGrid: evidence.frequency ? ramp(evidence.frequency.peakToRingDb, 18, 28) : 0,
    // An sRGB camera frame of a lit scene reaches a 95th-percentile chroma of 40+; ink on paper
    // under room light rarely exceeds 25.
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
