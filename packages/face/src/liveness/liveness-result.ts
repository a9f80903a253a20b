import { type BorderEvidence } from './evidence/border-evidence';
import { type ColourEvidence } from './evidence/colour-evidence';
import { type FramingEvidence } from './evidence/framing-evidence';
import { type FrequencyEvidence } from './evidence/frequency-evidence';
import { type LivenessCues } from './fusion';
import { type FaceBox } from './types';

/**
 * Why a check did not pass. `SPOOF` is a verdict; the others mean no verdict could be given
 * (isLive is then false with confidence 0). Mirrors the `REASON|<reason>|<sub_reason>` wire form.
 */
export type LivenessReason = 'SPOOF' | 'INVALID_IMAGE' | 'IMAGE_QUALITY' | 'FACE_BOX' | 'INTERNAL';

export type LivenessSubReason =
  // SPOOF
  | 'SCREEN'
  | 'PRINT'
  | 'DEVICE_BORDER'
  | 'SMALL_FACE'
  | 'MODEL'
  // INVALID_IMAGE
  | 'EMPTY'
  | 'BAD_BASE64'
  | 'UNDECODABLE'
  | 'TOO_LARGE'
  | 'TOO_SMALL'
  // IMAGE_QUALITY
  | 'TOO_DARK'
  | 'NO_CONTRAST'
  // FACE_BOX
  | 'MISSING'
  | 'INVALID'
  | 'OUTSIDE_IMAGE'
  | 'FACE_TOO_SMALL'
  // INTERNAL
  | 'MODEL_UNAVAILABLE';

export interface LivenessDetails {
  /** The box analysed, in analysis pixels (original pixels × analysisScale). */
  faceBox?: FaceBox;
  /** Present when a large frame was reduced before analysis (analysis px per original px). */
  analysisScale?: number;
  /** Live-class softmax per model, and upstream's fusion (their mean). */
  models?: { miniFasNetV2: number; miniFasNetV1SE: number; mean: number };
  evidence?: {
    frequency: FrequencyEvidence | null;
    colour: ColourEvidence;
    greyscaleInput: boolean;
    border: BorderEvidence;
    framing: FramingEvidence;
  };
  cues?: LivenessCues;
  liveProbability?: number;
  threshold?: number;
  message?: string;
  timingsMs?: { decode: number; models: number; evidence: number; total: number };
}

export interface LivenessResult {
  isLive: boolean;
  /** Confidence in the verdict given (live or spoof), 0-1; 0 when no verdict could be given. */
  confidence: number;
  reason?: LivenessReason;
  subReason?: LivenessSubReason;
  details: LivenessDetails;
}

export function noVerdict(
  reason: Exclude<LivenessReason, 'SPOOF'>,
  subReason: LivenessSubReason,
  message: string,
  details: LivenessDetails = {},
): LivenessResult {
  return { isLive: false, confidence: 0, reason, subReason, details: { ...details, message } };
}
