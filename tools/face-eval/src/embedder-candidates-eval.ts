import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import * as ort from 'onnxruntime-node';
import { analyzeFace, cosineSimilarity, decodeImage, euclideanDistance, extractFaceChip, modelsDirectory } from '@kyc/face';
import { percentile, tarAtFar } from './roc';

/**
 * `npm run eval:face-candidates`: the embedding candidates side by side on faces-dev, all fed the
 * same landmarks (this library's detector + 68-point net) and dlib-style aligned chips at each
 * model's input size. Candidates: face-api.js FaceRecognitionNet (models/), Human's MobileFaceNet
 * and FaceRes (converted into .cache/candidates by `npm run models:candidates`). Writes
 * reports/eval-face-candidates.json. This is how the embedder was chosen.
 */

const REPO_ROOT = resolve(__dirname, '../../..');
const PAIRS = resolve(REPO_ROOT, '../shared/data/faces-dev/pairs_all.csv');
const OUT = join(REPO_ROOT, 'reports', 'eval-face-candidates.json');

interface Candidate {
  name: string;
  path: string;
  size: number;
  /** Pixel scale the model expects (255 → 0..255 input, 1 → 0..1). */
  inputScale: number;
  padding: number;
}

const CANDIDATES: Candidate[] = [
  {
    name: 'face-api FaceRecognitionNet (dlib ResNet)',
    path: join(modelsDirectory(), 'face-recognition-resnet.onnx'),
    size: 150,
    inputScale: 255,
    padding: 0.25,
  },
  // Human feeds its own face crops; the crop margin and pixel scale are varied here so each
  // candidate is judged at its best, not at one arbitrary setting.
  ...[0.1, 0.25, 0.4].flatMap((padding) => [
    { name: 'Human MobileFaceNet', path: join(REPO_ROOT, '.cache/candidates/human-mobilefacenet.onnx'), size: 112, inputScale: 1, padding },
    {
      name: 'Human MobileFaceNet',
      path: join(REPO_ROOT, '.cache/candidates/human-mobilefacenet.onnx'),
      size: 112,
      inputScale: 255,
      padding,
    },
    { name: 'Human FaceRes', path: join(REPO_ROOT, '.cache/candidates/human-faceres.onnx'), size: 224, inputScale: 255, padding },
  ]),
];

async function main(): Promise<void> {
  const lines = readFileSync(PAIRS, 'utf8')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(1);
  const pairs = lines.map((l) => l.split(',')).map(([a, b, s]) => ({ a, b, same: s === '1' }));
  const images = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
  const results = [];
  for (const candidate of CANDIDATES) {
    if (!existsSync(candidate.path)) {
      console.log(`skipping ${candidate.name}: ${candidate.path} missing (run npm run models:candidates)`);
      continue;
    }
    const session = await ort.InferenceSession.create(candidate.path, { intraOpNumThreads: 1 });
    const embeddings = new Map<string, Float32Array>();
    const times: number[] = [];
    for (const file of images) {
      const bytes = readFileSync(join(dirname(PAIRS), file));
      const decoded = await decodeImage(bytes);
      const analysis = await analyzeFace(bytes);
      if (decoded.kind !== 'image' || (analysis.kind !== 'face' && analysis.kind !== 'low_quality')) continue;
      const chip = extractFaceChip(decoded.image, analysis.face.landmarks, candidate.size, candidate.padding);
      if (!chip) continue;
      const input = Float32Array.from(chip.chip.data, (v) => (v / 255) * candidate.inputScale);
      const t = performance.now();
      const out = await session.run({ [session.inputNames[0]]: new ort.Tensor('float32', input, [1, candidate.size, candidate.size, 3]) });
      times.push(performance.now() - t);
      embeddings.set(file, Float32Array.from(out[session.outputNames[0]].data as Float32Array));
    }
    const score = (metric: 'euclidean' | 'cosine') => {
      const genuine: number[] = [],
        impostor: number[] = [];
      for (const p of pairs) {
        const a = embeddings.get(p.a),
          b = embeddings.get(p.b);
        const d = a && b ? (metric === 'euclidean' ? euclideanDistance(a, b) : -cosineSimilarity(a, b)) : Infinity;
        (p.same ? genuine : impostor).push(d);
      }
      return { tarAtFar1e2: tarAtFar(genuine, impostor, 1e-2).tar, tarAtFar1e3: tarAtFar(genuine, impostor, 1e-3).tar };
    };
    const result = {
      candidate: candidate.name,
      input: `${candidate.size}x${candidate.size}, dlib-aligned, padding ${candidate.padding}, pixels 0..${candidate.inputScale}`,
      embedded: embeddings.size,
      euclidean: score('euclidean'),
      cosine: score('cosine'),
      embedP50Ms: Number(percentile(times.slice(1), 50).toFixed(1)),
    };
    console.log(JSON.stringify(result));
    results.push(result);
    await session.release();
  }
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, JSON.stringify({ pairs: PAIRS, candidates: results }, null, 2) + '\n');
  console.log(`wrote ${OUT}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
