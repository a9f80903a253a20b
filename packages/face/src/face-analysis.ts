import sharp from 'sharp';
import { extractFaceChip } from './alignment/face-chip';
import { chooseMainFace } from './detection/choose-face';
import { detectLandmarks68 } from './detection/face-landmarks68';
import { DEFAULT_SCORE_THRESHOLD, DETECTOR_INPUT_SIZE, detectFaceBoxes, type FaceBox } from './detection/tiny-face-detector';
import { embedFaceChip } from './embedding/face-embedder';
import { decodeImage } from './image/decode-image';
import { type Box, type Point, type RgbImage } from './image/rgb-image';
import { assessQuality, eyeCentres, type FaceQuality, qualityReasons, type QualityReason } from './quality/face-quality';

/**
 * The face library's edge: image bytes in, a typed result out — never a throw. Pipeline:
 * decode → detect (TinyFaceDetector) → choose the main face → 68 landmarks → dlib-style aligned
 * 150x150 chip → FaceRecognitionNet descriptor, plus quality measures.
 *
 * Tight crops: a detector trained on whole scenes often misses a face that fills the frame (a
 * close selfie, a cropped ID photo). When nothing is detected, the image is placed on a black
 * border of half its size on every side and detection runs again (the face then has the context
 * the detector was trained with): `detection: 'padded'`. If that finds nothing either and the image
 * is roughly square and not blank, the whole image is taken as the face box and the landmark
 * network is run on it; that result is kept only if the landmarks form a plausible face inside
 * the frame: `detection: 'whole_image'`. Callers and reports can tell which path was taken.
 */

export type DetectionPath = 'detector' | 'padded' | 'whole_image';

export interface AnalyzedFace {
  /** Detector box, or the whole image for the tight-crop path. */
  box: Box;
  detectorScore: number | null;
  landmarks: Point[];
  embedding: Float32Array;
  quality: FaceQuality;
}

export interface StageTimings {
  decodeMs: number;
  detectMs: number;
  landmarksMs: number;
  alignMs: number;
  embedMs: number;
}

export type FaceAnalysis =
  | { kind: 'face'; face: AnalyzedFace; faceCount: number; otherFaces: FaceBox[]; detection: DetectionPath; timings: StageTimings }
  | {
      kind: 'low_quality';
      reasons: QualityReason[];
      face: AnalyzedFace;
      faceCount: number;
      otherFaces: FaceBox[];
      detection: DetectionPath;
      timings: StageTimings;
    }
  | { kind: 'no_face'; reason: 'not_detected' | 'blank_image'; timings: StageTimings }
  | { kind: 'invalid_image'; reason: 'undecodable' | 'too_small' | 'too_large'; detail: string }
  | { kind: 'error'; message: string };

export interface AnalyzeOptions {
  /** Retry on a padded image, then take the whole image as the face, when nothing is detected (see above). Default true. */
  tightCropFallback?: boolean;
  detectorScoreThreshold?: number;
}

const now = (): number => performance.now();

export async function analyzeFace(input: Buffer | RgbImage, options: AnalyzeOptions = {}): Promise<FaceAnalysis> {
  try {
    return await analyze(input, options);
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}

async function analyze(input: Buffer | RgbImage, options: AnalyzeOptions): Promise<FaceAnalysis> {
  const timings: StageTimings = { decodeMs: 0, detectMs: 0, landmarksMs: 0, alignMs: 0, embedMs: 0 };
  let t = now();
  let image: RgbImage;
  if (Buffer.isBuffer(input)) {
    const decoded = await decodeImage(input);
    if (decoded.kind !== 'image') return decoded;
    image = decoded.image;
  } else {
    image = input;
  }
  timings.decodeMs = now() - t;

  if (isBlank(image)) return { kind: 'no_face', reason: 'blank_image', timings };

  t = now();
  const scoreThreshold = options.detectorScoreThreshold ?? DEFAULT_SCORE_THRESHOLD;
  let boxes = await detectFaceBoxes(image, scoreThreshold);
  let detection: DetectionPath = 'detector';
  const tightCropHandling = options.tightCropFallback !== false;
  if (boxes.length === 0 && tightCropHandling) {
    boxes = await detectOnPaddedImage(image, scoreThreshold);
    detection = 'padded';
  }
  timings.detectMs = now() - t;

  let chosen: FaceBox | undefined = chooseMainFace(boxes);
  if (!chosen) {
    if (!tightCropHandling || !isRoughlySquare(image)) return { kind: 'no_face', reason: 'not_detected', timings };
    chosen = { box: { x: 0, y: 0, width: image.width, height: image.height }, score: 0 };
    detection = 'whole_image';
  }

  t = now();
  const landmarks = await detectLandmarks68(image, chosen.box);
  timings.landmarksMs = now() - t;
  if (detection === 'whole_image' && !isPlausibleTightCrop(landmarks, image)) {
    return { kind: 'no_face', reason: 'not_detected', timings };
  }

  t = now();
  const chip = extractFaceChip(image, landmarks);
  timings.alignMs = now() - t;
  if (!chip) return { kind: 'no_face', reason: 'not_detected', timings };

  t = now();
  const embedding = await embedFaceChip(chip.chip);
  timings.embedMs = now() - t;

  const quality = assessQuality(chip.chip, landmarks, landmarkBox(landmarks), image);
  const face: AnalyzedFace = {
    box: chosen.box,
    detectorScore: detection === 'detector' ? chosen.score : null,
    landmarks,
    embedding,
    quality,
  };
  const faceCount = Math.max(1, boxes.length);
  // The faces not chosen, so a caller can tell the user "only you in the picture, please".
  const otherFaces = boxes.filter((b) => b !== chosen);
  const reasons = qualityReasons(quality);
  return reasons.length > 0
    ? { kind: 'low_quality', reasons, face, faceCount, otherFaces, detection, timings }
    : { kind: 'face', face, faceCount, otherFaces, detection, timings };
}

/**
 * Detection with a black border of half the image size on each side; boxes in the original
 * image's coordinates. The detector sees at most DETECTOR_INPUT_SIZE pixels anyway, so a large
 * image is shrunk first rather than padded at full size.
 */
async function detectOnPaddedImage(image: RgbImage, scoreThreshold: number): Promise<FaceBox[]> {
  const shrink = Math.min(1, DETECTOR_INPUT_SIZE / Math.max(image.width, image.height));
  const small = shrink < 1 ? await resizeImage(image, Math.round(image.width * shrink), Math.round(image.height * shrink)) : image;
  const scaleBack = image.width / small.width;
  const padX = Math.round(small.width / 2);
  const padY = Math.round(small.height / 2);
  const width = small.width + 2 * padX;
  const height = small.height + 2 * padY;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < small.height; y++) {
    data.set(small.data.subarray(y * small.width * 3, (y + 1) * small.width * 3), ((y + padY) * width + padX) * 3);
  }
  const boxes = await detectFaceBoxes({ width, height, data }, scoreThreshold);
  return boxes.map(({ box, score }) => ({
    score,
    box: { x: (box.x - padX) * scaleBack, y: (box.y - padY) * scaleBack, width: box.width * scaleBack, height: box.height * scaleBack },
  }));
}

async function resizeImage(image: RgbImage, width: number, height: number): Promise<RgbImage> {
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** An image with (almost) no variation — all black, all white, a flat colour — has no face to find. */
function isBlank(image: RgbImage): boolean {
  const { data } = image;
  const step = Math.max(1, Math.floor(data.length / 3 / 20000));
  let sum = 0,
    sq = 0,
    n = 0;
  for (let i = 0; i < data.length; i += 3 * step) {
    const v = data[i] * 0.299 + data[i + 1] * 0.587 + data[i + 2] * 0.114;
    sum += v;
    sq += v * v;
    n++;
  }
  const m = sum / n;
  return sq / n - m * m < 4;
}

function isRoughlySquare(image: RgbImage): boolean {
  const ratio = image.width / image.height;
  return ratio > 0.6 && ratio < 1.67;
}

/** Landmarks of a face that fills the frame: eyes inside, a sensible eye distance, nose and mouth below the eyes. */
function isPlausibleTightCrop(landmarks: Point[], image: RgbImage): boolean {
  const { left, right } = eyeCentres(landmarks);
  const eyeDistance = Math.hypot(right.x - left.x, right.y - left.y);
  const inside = (p: Point) => p.x >= 0 && p.y >= 0 && p.x < image.width && p.y < image.height;
  const eyeLineY = (left.y + right.y) / 2;
  return (
    inside(left) &&
    inside(right) &&
    right.x > left.x &&
    eyeDistance > 0.15 * image.width &&
    eyeDistance < 0.7 * image.width &&
    landmarks[30].y > eyeLineY &&
    landmarks[57].y > landmarks[30].y
  );
}

function landmarkBox(landmarks: Point[]): Box {
  const xs = landmarks.map((p) => p.x);
  const ys = landmarks.map((p) => p.y);
  const x = Math.min(...xs),
    y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}
