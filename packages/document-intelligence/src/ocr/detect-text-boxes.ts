import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { type RgbImage, type TextBox } from './types';

/** PaddleOCR DB defaults (det_db_thresh, det_db_box_thresh, det_db_unclip_ratio, det_limit_side_len). */
const PIXEL_THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.6;
const UNCLIP_RATIO = 1.5;
/**
 * Long side of the detector's input. 736 instead of PaddleOCR's 960: detection CPU time falls with the pixel
 * count (~0.6×); recognition still crops from the full working image. 640 was faster still and as good on
 * generated documents, but its coarser boxes made the real Estonian passport (mrz-dev id2) read '<<<02' as
 * '<<021'.
 */
const MAX_SIDE = 736;
const MIN_BOX_SIDE = 3;

// ImageNet statistics, applied to B,G,R planes in that order as PaddleOCR does (it decodes with OpenCV).
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

export async function detectTextBoxes(session: ort.InferenceSession, image: RgbImage): Promise<TextBox[]> {
  const scale = Math.min(1, MAX_SIDE / Math.max(image.width, image.height));
  const width = Math.max(32, Math.round((image.width * scale) / 32) * 32);
  const height = Math.max(32, Math.round((image.height * scale) / 32) * 32);
  const resized = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  const input = new Float32Array(3 * width * height);
  const plane = width * height;
  for (let i = 0; i < plane; i += 1) {
    for (let c = 0; c < 3; c += 1) {
      const rgbChannel = 2 - c; // B, G, R
      input[c * plane + i] = (resized[i * 3 + rgbChannel] / 255 - MEAN[c]) / STD[c];
    }
  }
  const feeds = { [session.inputNames[0]]: new ort.Tensor('float32', input, [1, 3, height, width]) };
  const output = await session.run(feeds);
  const probability = output[session.outputNames[0]].data as Float32Array;
  const boxes = boxesFromProbabilityMap(probability, width, height);
  const sx = image.width / width;
  const sy = image.height / height;
  return boxes.map(({ box, score }) => ({
    score,
    box: clampBox({ x: box.x * sx, y: box.y * sy, width: box.width * sx, height: box.height * sy }, image.width, image.height),
  }));
}

/**
 * DB post-processing: threshold the probability map, take 4-connected regions, keep those whose mean
 * probability passes the box threshold, and grow each axis-aligned box by the unclip distance
 * (area × ratio / perimeter), which restores the text border the shrunk DB kernel leaves out.
 */
export function boxesFromProbabilityMap(prob: Float32Array, width: number, height: number): TextBox[] {
  const label = new Int32Array(width * height);
  const boxes: TextBox[] = [];
  const stack: number[] = [];
  let next = 1;
  for (let start = 0; start < prob.length; start += 1) {
    if (label[start] !== 0 || prob[start] <= PIXEL_THRESHOLD) continue;
    let minX = width, minY = height, maxX = 0, maxY = 0, sum = 0, count = 0;
    label[start] = next;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop() as number;
      const x = p % width;
      const y = (p - x) / width;
      sum += prob[p];
      count += 1;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      const neighbours = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, y > 0 ? p - width : -1, y < height - 1 ? p + width : -1];
      for (const n of neighbours) {
        if (n >= 0 && label[n] === 0 && prob[n] > PIXEL_THRESHOLD) {
          label[n] = next;
          stack.push(n);
        }
      }
    }
    next += 1;
    const w = maxX - minX + 1;
    const h = maxY - minY + 1;
    const score = sum / count;
    if (Math.min(w, h) < MIN_BOX_SIDE || score < BOX_THRESHOLD) continue;
    const distance = (w * h * UNCLIP_RATIO) / (2 * (w + h));
    boxes.push({ score, box: clampBox({ x: minX - distance, y: minY - distance, width: w + 2 * distance, height: h + 2 * distance }, width, height) });
  }
  return boxes;
}

function clampBox(box: { x: number; y: number; width: number; height: number }, width: number, height: number) {
  const x = Math.max(0, Math.floor(box.x));
  const y = Math.max(0, Math.floor(box.y));
  const right = Math.min(width, Math.ceil(box.x + box.width));
  const bottom = Math.min(height, Math.ceil(box.y + box.height));
  return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) };
}
