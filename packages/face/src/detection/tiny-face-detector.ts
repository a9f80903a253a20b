import sharp from 'sharp';
import { type Box, type RgbImage } from '../image/rgb-image';
import { runImageModel } from '../runtime/model-sessions';
import { nonMaxSuppression } from './non-max-suppression';

/**
 * Face boxes from face-api.js's TinyFaceDetector (models/face-detector-tiny.onnx): the image is
 * scaled so its longer side is 416 and placed top-left on black, the 13x13x5 YOLO grid is decoded
 * with the published anchors, then greedy NMS (IoU 0.4, as face-api.js).
 */

export const DETECTOR_INPUT_SIZE = 416;
const GRID_CELLS = 13;
const ANCHORS: [number, number][] = [
  [1.603231, 2.094468],
  [6.041143, 7.080126],
  [2.882459, 3.518061],
  [4.266906, 5.178857],
  [9.041765, 10.66308],
];
const IOU_THRESHOLD = 0.4;
export const DEFAULT_SCORE_THRESHOLD = 0.5;

export interface FaceBox {
  box: Box;
  score: number;
}

const sigmoid = (v: number): number => 1 / (1 + Math.exp(-v));

/** Letterboxes the image into the detector's square input; returns the pixels and the scale used. */
export async function detectorInput(image: RgbImage): Promise<{ input: Float32Array; scale: number }> {
  const scale = DETECTOR_INPUT_SIZE / Math.max(image.width, image.height);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  // sharp's resize filters properly when shrinking (bilinear sampling alone would alias).
  const resized = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .extend({ right: DETECTOR_INPUT_SIZE - width, bottom: DETECTOR_INPUT_SIZE - height, background: { r: 0, g: 0, b: 0 } })
    .raw()
    .toBuffer();
  return { input: Float32Array.from(resized), scale };
}

export function decodeGrid(grid: Float32Array, scale: number, scoreThreshold: number): FaceBox[] {
  const candidates: FaceBox[] = [];
  const perCell = ANCHORS.length * 5;
  for (let row = 0; row < GRID_CELLS; row++) {
    for (let col = 0; col < GRID_CELLS; col++) {
      for (let anchor = 0; anchor < ANCHORS.length; anchor++) {
        const o = (row * GRID_CELLS + col) * perCell + anchor * 5;
        const score = sigmoid(grid[o + 4]);
        if (score < scoreThreshold) continue;
        const cx = ((col + sigmoid(grid[o])) / GRID_CELLS) * DETECTOR_INPUT_SIZE;
        const cy = ((row + sigmoid(grid[o + 1])) / GRID_CELLS) * DETECTOR_INPUT_SIZE;
        const w = ((Math.exp(grid[o + 2]) * ANCHORS[anchor][0]) / GRID_CELLS) * DETECTOR_INPUT_SIZE;
        const h = ((Math.exp(grid[o + 3]) * ANCHORS[anchor][1]) / GRID_CELLS) * DETECTOR_INPUT_SIZE;
        candidates.push({ box: { x: (cx - w / 2) / scale, y: (cy - h / 2) / scale, width: w / scale, height: h / scale }, score });
      }
    }
  }
  return nonMaxSuppression(candidates, IOU_THRESHOLD);
}

export async function detectFaceBoxes(image: RgbImage, scoreThreshold = DEFAULT_SCORE_THRESHOLD): Promise<FaceBox[]> {
  const { input, scale } = await detectorInput(image);
  const grid = await runImageModel('face-detector-tiny.onnx', input, DETECTOR_INPUT_SIZE);
  return decodeGrid(grid, scale, scoreThreshold);
}
