import { warpAffine, toFloat32 } from '../image/bilinear-warp';
import { type Box, type Point, type RgbImage } from '../image/rgb-image';
import { runImageModel } from '../runtime/model-sessions';

/**
 * 68 iBUG landmarks from face-api.js's FaceLandmark68Net (models/face-landmarks68.onnx): the face
 * box is made square around its centre (as face-api.js pads the crop to a square), sampled to
 * 112x112 and the network's [0,1] outputs are mapped back to image pixels.
 */

export const LANDMARK_INPUT_SIZE = 112;

export async function detectLandmarks68(image: RgbImage, box: Box): Promise<Point[]> {
  const side = Math.max(box.width, box.height);
  const left = box.x + box.width / 2 - side / 2;
  const top = box.y + box.height / 2 - side / 2;
  // Output pixel centre (i + 0.5) maps to left + (i + 0.5) * side / 112 in image pixel coordinates
  // whose centres are integers, hence the -0.5.
  const step = side / LANDMARK_INPUT_SIZE;
  const crop = warpAffine(
    image,
    [step, 0, left + step / 2 - 0.5, 0, step, top + step / 2 - 0.5],
    LANDMARK_INPUT_SIZE,
    LANDMARK_INPUT_SIZE,
    Math.min(4, Math.floor(step)),
  );
  const out = await runImageModel('face-landmarks68.onnx', toFloat32(crop), LANDMARK_INPUT_SIZE);
  const points: Point[] = [];
  for (let i = 0; i < 68; i++) points.push({ x: left + out[2 * i] * side - 0.5, y: top + out[2 * i + 1] * side - 0.5 });
  return points;
}
