import { type Box, type Point, type RgbImage } from '../image/rgb-image';

/**
 * Quality measures for one face: size, sharpness, exposure and head pose from the 68 landmarks.
 * Thresholds are deliberately permissive: they reject what cannot be verified (tiny, dark,
 * blurred, turned away, cut off), not what is merely imperfect.
 */

export interface FaceQuality {
  /** Distance between the eye centres, in pixels of the decoded image. */
  interOcularPx: number;
  /** Variance of the Laplacian over the chip's central area (higher = sharper). */
  sharpness: number;
  /** Mean luma of the chip's central area, 0..255. */
  brightness: number;
  /** Fraction of central-area pixels at or near black/white. */
  clippedFraction: number;
  /** Degrees; positive = turned to the image's right / tilted clockwise / chin up. Estimates from landmark geometry. */
  pose: { yaw: number; pitch: number; roll: number };
  /** Fraction of the face box that lies outside the image. */
  outsideFrameFraction: number;
}

export type QualityReason = 'face_too_small' | 'blurred' | 'too_dark' | 'too_bright' | 'pose_too_large' | 'face_cut_by_frame';

export const QUALITY_LIMITS = {
  minInterOcularPx: 20,
  minSharpness: 15,
  minBrightness: 40,
  maxBrightness: 225,
  maxClippedFraction: 0.4,
  maxYaw: 35,
  // The pitch estimate (nose position between eye line and mouth) is coarse; a tight limit flagged frontal faces.
  maxPitch: 40,
  maxRoll: 35,
  maxOutsideFrame: 0.15,
};

const mean = (points: Point[]): Point => ({
  x: points.reduce((s, p) => s + p.x, 0) / points.length,
  y: points.reduce((s, p) => s + p.y, 0) / points.length,
});

export function eyeCentres(landmarks: Point[]): { left: Point; right: Point } {
  // iBUG: 36..41 the subject's right eye (image left), 42..47 the other.
  return { left: mean(landmarks.slice(36, 42)), right: mean(landmarks.slice(42, 48)) };
}

export function estimatePose(landmarks: Point[]): { yaw: number; pitch: number; roll: number } {
  const { left, right } = eyeCentres(landmarks);
  const roll = (Math.atan2(right.y - left.y, right.x - left.x) * 180) / Math.PI;
  const eyeMid = { x: (left.x + right.x) / 2, y: (left.y + right.y) / 2 };
  const noseTip = landmarks[30];
  const mouthMid = mean([landmarks[48], landmarks[54]]);
  const eyeDistance = Math.hypot(right.x - left.x, right.y - left.y) || 1;
  // Rotate into the eye-line frame so roll does not leak into yaw/pitch.
  const angle = (-roll * Math.PI) / 180;
  const rotate = (p: Point): Point => ({
    x: (p.x - eyeMid.x) * Math.cos(angle) - (p.y - eyeMid.y) * Math.sin(angle),
    y: (p.x - eyeMid.x) * Math.sin(angle) + (p.y - eyeMid.y) * Math.cos(angle),
  });
  const nose = rotate(noseTip);
  const mouth = rotate(mouthMid);
  // Frontal faces have the nose tip about midway between the eyes horizontally, and about 0.6 of
  // the way from the eye line to the mouth vertically; the offsets scale roughly with sin(angle).
  const yaw = (Math.asin(Math.max(-1, Math.min(1, (2 * nose.x) / eyeDistance))) * 180) / Math.PI;
  const verticalRatio = mouth.y > 0 ? nose.y / mouth.y : 0.6;
  const pitch = (Math.asin(Math.max(-1, Math.min(1, (0.6 - verticalRatio) * 2.5))) * 180) / Math.PI;
  return { yaw, pitch, roll };
}

/** Luma statistics and Laplacian variance over the chip's central 60 % (mostly skin, eyes, mouth). */
export function chipStatistics(chip: RgbImage): { sharpness: number; brightness: number; clippedFraction: number } {
  const { width, height, data } = chip;
  const luma = new Float32Array(width * height);
  for (let i = 0; i < width * height; i++) luma[i] = 0.299 * data[i * 3] + 0.587 * data[i * 3 + 1] + 0.114 * data[i * 3 + 2];
  const x0 = Math.floor(width * 0.2),
    x1 = Math.ceil(width * 0.8);
  const y0 = Math.floor(height * 0.2),
    y1 = Math.ceil(height * 0.8);
  let sum = 0,
    clipped = 0,
    count = 0,
    lapSum = 0,
    lapSq = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const v = luma[y * width + x];
      sum += v;
      if (v <= 8 || v >= 247) clipped++;
      const lap = luma[(y - 1) * width + x] + luma[(y + 1) * width + x] + luma[y * width + x - 1] + luma[y * width + x + 1] - 4 * v;
      lapSum += lap;
      lapSq += lap * lap;
      count++;
    }
  }
  const lapMean = lapSum / count;
  return { sharpness: lapSq / count - lapMean * lapMean, brightness: sum / count, clippedFraction: clipped / count };
}

export function outsideFrameFraction(box: Box, imageWidth: number, imageHeight: number): number {
  const x1 = Math.max(0, box.x),
    y1 = Math.max(0, box.y);
  const x2 = Math.min(imageWidth, box.x + box.width),
    y2 = Math.min(imageHeight, box.y + box.height);
  const inside = Math.max(0, x2 - x1) * Math.max(0, y2 - y1);
  const area = box.width * box.height;
  return area > 0 ? 1 - inside / area : 1;
}

export function assessQuality(chip: RgbImage, landmarks: Point[], faceBox: Box, image: { width: number; height: number }): FaceQuality {
  const { left, right } = eyeCentres(landmarks);
  return {
    interOcularPx: Math.hypot(right.x - left.x, right.y - left.y),
    ...chipStatistics(chip),
    pose: estimatePose(landmarks),
    outsideFrameFraction: outsideFrameFraction(faceBox, image.width, image.height),
  };
}

export function qualityReasons(q: FaceQuality, limits = QUALITY_LIMITS): QualityReason[] {
  const reasons: QualityReason[] = [];
  if (q.interOcularPx < limits.minInterOcularPx) reasons.push('face_too_small');
  if (q.sharpness < limits.minSharpness) reasons.push('blurred');
  if (q.brightness < limits.minBrightness) reasons.push('too_dark');
  if (q.brightness > limits.maxBrightness) reasons.push('too_bright');
  if (Math.abs(q.pose.yaw) > limits.maxYaw || Math.abs(q.pose.pitch) > limits.maxPitch || Math.abs(q.pose.roll) > limits.maxRoll) {
    reasons.push('pose_too_large');
  }
  if (q.outsideFrameFraction > limits.maxOutsideFrame) reasons.push('face_cut_by_frame');
  return reasons;
}
