import { decodeToRgb } from './decode-image';
import { measureBorderEvidence } from './evidence/border-evidence';
import { measureColourEvidence } from './evidence/colour-evidence';
import { measureFramingEvidence } from './evidence/framing-evidence';
import { measureFrequencyEvidence } from './evidence/frequency-evidence';
import { toLuma } from './evidence/greyscale';
import { checkFaceBox } from './face-box-check';
import { cuesFromEvidence, fuse, type FusedVerdict, SCREEN_GRID_DB } from './fusion';
import { exposureProblem, isGreyscale, MIN_IMAGE_SIDE } from './image-quality';
import { type LivenessResult, type LivenessSubReason, noVerdict } from './liveness-result';
import { DEFAULT_MODELS_DIR, LIVE_CLASS, MINIFASNET_MODELS } from './minifasnet-models';
import { runMiniFasNet } from './minifasnet-session';
import { cropToBgrTensor, upstreamCropRect } from './upstream-crop';
import { type FaceBox, type RgbImage } from './types';

export interface LivenessOptions {
  /** The face, in pixels of the upright (EXIF-rotated) image. */
  faceBox?: FaceBox;
  /** Finds the face when no box is given (the face-detection module plugs in here). */
  detectFace?: (image: RgbImage) => Promise<FaceBox | null>;
  /** Live when the fused live probability is at least this; default 0.5. */
  threshold?: number;
  /** Where minifasnet-*.onnx live; default the repository's models/. */
  modelsDir?: string;
}

const SUB_REASON_BY_CUE: Record<FusedVerdict['dominant'], LivenessSubReason> = {
  model: 'MODEL',
  screenGrid: 'SCREEN',
  printGamut: 'PRINT',
  deviceBorder: 'DEVICE_BORDER',
  smallFace: 'SMALL_FACE',
};

/**
 * Both models requested at once. onnxruntime-node 1.30 runs each inference on the calling JavaScript
 * thread (its intra-op pool parallelises inside one run), so the two runs and the image evidence do not
 * overlap one another; only the crops' work is shared out.
 */
function modelLiveProbabilities(image: RgbImage, box: FaceBox, modelsDir: string): Promise<number[]> {
  return Promise.all(
    MINIFASNET_MODELS.map(async (model) => {
      const rect = upstreamCropRect(image.width, image.height, box, model.cropScale);
      const probabilities = await runMiniFasNet(model, cropToBgrTensor(image, rect, model.inputSize), modelsDir);
      return probabilities[LIVE_CLASS];
    }),
  );
}

/** Liveness of one face in an already decoded, upright image. Never throws. */
export async function checkLivenessOnImage(image: RgbImage, options: LivenessOptions = {}, decodeMs = 0): Promise<LivenessResult> {
  const started = performance.now();
  const threshold = options.threshold ?? 0.5;
  try {
    if (image.width < MIN_IMAGE_SIDE || image.height < MIN_IMAGE_SIDE) {
      return noVerdict('INVALID_IMAGE', 'TOO_SMALL', `The image must be at least ${MIN_IMAGE_SIDE} px on each side`);
    }
    const luma = toLuma(image);
    const exposure = exposureProblem(luma);
    if (exposure)
      return noVerdict('IMAGE_QUALITY', exposure, exposure === 'TOO_DARK' ? 'The image is too dark' : 'The image has no contrast');

    let faceBox = options.faceBox;
    if (!faceBox && options.detectFace) faceBox = (await options.detectFace(image)) ?? undefined;
    if (!faceBox) return noVerdict('FACE_BOX', 'MISSING', 'No face box was given and no face was found');
    const boxCheck = checkFaceBox(faceBox, image.width, image.height);
    if (!boxCheck.ok) return noVerdict('FACE_BOX', boxCheck.subReason, boxCheck.message, { faceBox });
    const box = boxCheck.box;

    const modelsStarted = performance.now();
    // Started before the evidence is measured, awaited after (the runs themselves take the JS thread in turn).
    const pendingScores = modelLiveProbabilities(image, box, options.modelsDir ?? DEFAULT_MODELS_DIR).then(
      (scores) => ({ ok: true as const, scores, ms: performance.now() - modelsStarted }),
      (error: unknown) => ({ ok: false as const, message: (error as Error).message }),
    );

    const evidenceStarted = performance.now();
    const greyscaleInput = isGreyscale(image);
    const evidence = {
      frequency: measureFrequencyEvidence(luma, box, SCREEN_GRID_DB.acrossFaceVeto),
      colour: measureColourEvidence(image),
      greyscaleInput,
      border: measureBorderEvidence(luma, box),
      framing: measureFramingEvidence(image.width, image.height, box),
    };
    const cues = cuesFromEvidence(evidence);
    const evidenceMs = performance.now() - evidenceStarted;

    const models = await pendingScores;
    if (!models.ok) return noVerdict('INTERNAL', 'MODEL_UNAVAILABLE', `Liveness model could not run: ${models.message}`, { faceBox: box });
    const { scores, ms: modelsMs } = models;

    const modelMean = scores.reduce((a, b) => a + b, 0) / scores.length;
    const verdict = fuse(modelMean, cues);
    const isLive = verdict.liveProbability >= threshold;
    return {
      isLive,
      confidence: isLive ? verdict.liveProbability : 1 - verdict.liveProbability,
      ...(isLive ? {} : { reason: 'SPOOF' as const, subReason: SUB_REASON_BY_CUE[verdict.dominant] }),
      details: {
        faceBox: box,
        models: { miniFasNetV2: scores[0], miniFasNetV1SE: scores[1], mean: modelMean },
        evidence,
        cues,
        liveProbability: verdict.liveProbability,
        threshold,
        // models and evidence overlap, so they add up to more than `total` minus `decode`.
        timingsMs: { decode: decodeMs, models: modelsMs, evidence: evidenceMs, total: decodeMs + performance.now() - started },
      },
    };
  } catch (error) {
    return noVerdict('INTERNAL', 'MODEL_UNAVAILABLE', `Liveness check failed: ${(error as Error).message}`);
  }
}

/** Liveness from encoded image bytes (JPEG, PNG, WebP, TIFF…). Never throws. */
export async function checkLiveness(imageBytes: Uint8Array, options: LivenessOptions = {}): Promise<LivenessResult> {
  const started = performance.now();
  if (!(imageBytes instanceof Uint8Array)) return noVerdict('INVALID_IMAGE', 'EMPTY', 'The image must be bytes');
  const decoded = await decodeToRgb(imageBytes);
  if (!decoded.ok) {
    const sub = decoded.failure === 'empty' ? 'EMPTY' : decoded.failure === 'too_large' ? 'TOO_LARGE' : 'UNDECODABLE';
    return noVerdict('INVALID_IMAGE', sub, `The image could not be used (${decoded.failure})`);
  }
  // The caller's box is in original pixels; the analysis image may have been reduced.
  const box = options.faceBox;
  const scaledBox =
    box && decoded.scale !== 1
      ? { x: box.x * decoded.scale, y: box.y * decoded.scale, width: box.width * decoded.scale, height: box.height * decoded.scale }
      : box;
  const result = await checkLivenessOnImage(decoded.image, { ...options, faceBox: scaledBox }, performance.now() - started);
  return decoded.scale === 1 ? result : { ...result, details: { ...result.details, analysisScale: decoded.scale } };
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** The stateless check_liveness_base64 entry point: accepts plain base64 or a data: URL. */
export async function checkLivenessBase64(imageBase64: string, options: LivenessOptions = {}): Promise<LivenessResult> {
  if (typeof imageBase64 !== 'string' || imageBase64.length === 0) return noVerdict('INVALID_IMAGE', 'EMPTY', 'The image is empty');
  const payload = imageBase64.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (!BASE64.test(payload) || payload.length % 4 === 1) return noVerdict('INVALID_IMAGE', 'BAD_BASE64', 'The image is not valid base64');
  return checkLiveness(Buffer.from(payload, payload.includes('-') || payload.includes('_') ? 'base64url' : 'base64'), options);
}
