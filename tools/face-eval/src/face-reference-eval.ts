import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  analyzeFace,
  chooseMainFace,
  cosineSimilarity,
  decodeImage,
  detectFaceBoxes,
  detectLandmarks68,
  euclideanDistance,
  extractFaceChip,
  intersectionOverUnion,
  MATCH_CALIBRATION,
  type Box,
  type Point,
  type RgbImage,
} from '@kyc/face';
import { runImageModel } from '@kyc/face/stages';
import { FACE_PAIR_SETS, presentSets, readCsv, SHARED_DATA_DIR } from './dev-data';
import { faceApiChip, faceApiDescriptorRect, FACE_API_CHIP_SIZE } from './face-reference/face-api-crop';
import { referenceFace, type ReferenceFace } from './face-reference/face-api-reference';
import { percentile, tarAtFar } from './roc';

/**
 * `npm run eval:face-reference`: our ONNX pipeline (@kyc/face) against the original TFJS pipeline of
 * the same three networks (@vladmandic/face-api 1.7.15, tfjs CPU backend; face-api-reference.ts),
 * image by image and stage by stage, on faces-dev and faces-real-dev — and pipelines that swap one
 * stage, to tell which stage costs or gains accuracy:
 *
 * - `ours`: analyzeFace as shipped (detector, padded retry, whole-image fallback; similarity
 *   transform onto dlib's template; 150x150 chip).
 * - `face-api`: face-api's detectSingleFace → withFaceLandmarks → withFaceDescriptor.
 * - `face-api crop, ONNX`: face-api's landmarks, face-api's crop rebuilt in TypeScript, our ONNX
 *   recogniser — must agree with `face-api` (model and crop parity).
 * - `ours, face-api crop`: our detection and landmarks, face-api's crop (no rotation, eye/mouth box).
 * - `face-api landmarks, our alignment`: face-api's detection and landmarks, our chip.
 *
 * Per image: detector box IoU, landmark error over the inter-ocular distance (our landmarks on our
 * box, and our landmark stage on face-api's box), chip difference, descriptor cosine between ours
 * and face-api's. Per set and pipeline: TAR at FAR 1e-3 (Euclidean and cosine) on all pairs (a
 * missing face refuses the pair) and on the pairs where face-api found both faces.
 *
 * face-api's results are cached in reports/face-reference-cache/<sha256 of the image>.json
 * (git-ignored), since the tfjs CPU backend takes seconds per image; `--fill-cache i/n` only
 * computes face-api's results for every n-th image from the i-th, so that several processes can
 * fill the cache side by side (`nice -n 10 node dist/face-reference-eval.js --fill-cache 0/2 & …`);
 * `--set <name>` runs one set only.
 */

const CACHE_DIR = resolve(__dirname, '..', '..', '..', 'reports', 'face-reference-cache');
const OUT_FILE = resolve(__dirname, '..', '..', '..', 'reports', 'eval-face-reference.json');

interface CachedReference extends Omit<ReferenceFace, 'chip'> {
  chip: string;
}

const PIPELINES = ['ours', 'face-api', 'face-api crop, ONNX', 'ours, face-api crop', 'face-api landmarks, our alignment'] as const;
type PipelineName = (typeof PIPELINES)[number];

interface ImageResult {
  file: string;
  ref: ReferenceFace | undefined;
  ourDetection: string;
  /** Our detector's main box on the image as given (no padded retry), for the IoU with face-api's. */
  ourDetectorBox: Box | undefined;
  iou: number | null;
  /** Mean landmark error / inter-ocular distance: our pipeline's landmarks vs face-api's. */
  landmarkError: number | null;
  /** Our landmark stage run on face-api's box vs face-api's landmarks (the landmark stage alone). */
  landmarkStageError: number | null;
  /** Mean |difference| (0–255) between face-api's chip and our rebuild of it from face-api's landmarks (crop parity). */
  cropParity: number | null;
  /** Mean |difference| (0–255) between our chip and face-api's chip (alignment + sampling). */
  chipDifference: number | null;
  descriptors: Partial<Record<PipelineName, Float32Array>>;
}

const eyeCentre = (pts: Point[]): Point => ({
  x: pts.reduce((s, p) => s + p.x, 0) / pts.length,
  y: pts.reduce((s, p) => s + p.y, 0) / pts.length,
});

export function normalisedLandmarkError(ours: Point[], reference: Point[]): number {
  const left = eyeCentre(reference.slice(36, 42));
  const right = eyeCentre(reference.slice(42, 48));
  const interOcular = Math.hypot(right.x - left.x, right.y - left.y);
  const mean = ours.reduce((s, p, i) => s + Math.hypot(p.x - reference[i].x, p.y - reference[i].y), 0) / ours.length;
  return mean / interOcular;
}

function meanAbsDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

async function embedFloatChip(chip: Float32Array): Promise<Float32Array> {
  return Float32Array.from(await runImageModel('face-recognition-resnet.onnx', chip, FACE_API_CHIP_SIZE));
}

async function cachedReference(key: string, image: RgbImage): Promise<ReferenceFace | undefined> {
  const file = join(CACHE_DIR, `${key}.json`);
  if (!existsSync(file)) {
    const ref = await referenceFace(image);
    const entry: CachedReference | null = ref ? { ...ref, chip: Buffer.from(ref.chip).toString('base64') } : null;
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(entry));
  }
  const entry = JSON.parse(readFileSync(file, 'utf8')) as CachedReference | null;
  return entry ? { ...entry, chip: new Uint8Array(Buffer.from(entry.chip, 'base64')) } : undefined;
}

async function decodeFile(path: string): Promise<{ image: RgbImage; key: string }> {
  const bytes = readFileSync(path);
  const decoded = await decodeImage(bytes);
  if (decoded.kind !== 'image') throw new Error(`${path}: ${decoded.reason}`);
  return { image: decoded.image, key: createHash('sha256').update(bytes).digest('hex') };
}

async function analyseImage(path: string): Promise<ImageResult> {
  const { image, key } = await decodeFile(path);
  const ref = await cachedReference(key, image);

  const analysis = await analyzeFace(image);
  const ours = analysis.kind === 'face' || analysis.kind === 'low_quality' ? analysis : undefined;
  const ourDetectorBox = chooseMainFace(await detectFaceBoxes(image))?.box;
  const result: ImageResult = {
    file: path,
    ref,
    ourDetection: ours ? ours.detection : analysis.kind === 'no_face' ? 'no_face' : analysis.kind,
    ourDetectorBox,
    iou: null,
    landmarkError: null,
    landmarkStageError: null,
    cropParity: null,
    chipDifference: null,
    descriptors: {},
  };
  if (ours) {
    result.descriptors.ours = ours.face.embedding;
    const chip = faceApiChip(image, faceApiDescriptorRect(ours.face.landmarks, image.width, image.height));
    if (chip) result.descriptors['ours, face-api crop'] = await embedFloatChip(chip);
  }
  if (ref) {
    result.descriptors['face-api'] = Float32Array.from(ref.descriptor);
    if (ourDetectorBox) result.iou = intersectionOverUnion(ourDetectorBox, ref.box);
    if (ours) result.landmarkError = normalisedLandmarkError(ours.face.landmarks, ref.landmarks);
    result.landmarkStageError = normalisedLandmarkError(await detectLandmarks68(image, ref.box), ref.landmarks);
    const rebuilt = faceApiChip(image, ref.descriptorCrop);
    if (rebuilt) {
      result.cropParity = meanAbsDifference(rebuilt, ref.chip);
      result.descriptors['face-api crop, ONNX'] = await embedFloatChip(rebuilt);
    }
    const ourChipOnRef = extractFaceChip(image, ref.landmarks);
    if (ourChipOnRef) {
      result.descriptors['face-api landmarks, our alignment'] = Float32Array.from(
        await runImageModel('face-recognition-resnet.onnx', Float32Array.from(ourChipOnRef.chip.data), FACE_API_CHIP_SIZE),
      );
    }
    if (ours) {
      const ourChip = extractFaceChip(image, ours.face.landmarks);
      if (ourChip) result.chipDifference = meanAbsDifference(ourChip.chip.data, ref.chip);
    }
  }
  return result;
}

const round = (v: number | null | undefined, digits = 4) =>
  v === null || v === undefined || !Number.isFinite(v) ? null : Number(v.toFixed(digits));
const summary = (values: number[]) =>
  values.length === 0
    ? { n: 0 }
    : {
        n: values.length,
        mean: round(values.reduce((a, b) => a + b, 0) / values.length),
        min: round(Math.min(...values)),
        p05: round(percentile(values, 5)),
        p50: round(percentile(values, 50)),
        p95: round(percentile(values, 95)),
        max: round(Math.max(...values)),
      };

interface PairScores {
  genuine: number[];
  impostor: number[];
  genuineCos: number[];
  impostorCos: number[];
}

function pairFigures(scores: PairScores) {
  const euclid = tarAtFar(scores.genuine, scores.impostor, 1e-3);
  const cos = tarAtFar(scores.genuineCos, scores.impostorCos, 1e-3);
  const atShipped = scores.genuine.filter((d) => d <= MATCH_CALIBRATION.threshold).length;
  const impostorsAtShipped = scores.impostor.filter((d) => d <= MATCH_CALIBRATION.threshold).length;
  const finite = (v: number[]) => v.filter(Number.isFinite);
  // Separation of the genuine and impostor distances (d′), finer than TAR when TAR saturates at 100 %.
  const moments = (v: number[]) => {
    const f = finite(v);
    const mean = f.reduce((a, b) => a + b, 0) / Math.max(1, f.length);
    return { mean, variance: f.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, f.length) };
  };
  const g = moments(scores.genuine);
  const im = moments(scores.impostor);
  const dPrime = (im.mean - g.mean) / Math.sqrt((g.variance + im.variance) / 2);
  return {
    genuine: scores.genuine.length,
    impostor: scores.impostor.length,
    euclidean: { tarAtFar1e3: round(euclid.tar), threshold: round(euclid.threshold) },
    cosine: { tarAtFar1e3: round(cos.tar), threshold: round(-cos.threshold) },
    shippedThreshold: {
      threshold: MATCH_CALIBRATION.threshold,
      tar: round(atShipped / Math.max(1, scores.genuine.length)),
      impostorsAccepted: impostorsAtShipped,
    },
    dPrime: round(dPrime, 3),
    genuineMeanDistance: round(finite(scores.genuine).reduce((a, b) => a + b, 0) / Math.max(1, finite(scores.genuine).length)),
    impostorMeanDistance: round(finite(scores.impostor).reduce((a, b) => a + b, 0) / Math.max(1, finite(scores.impostor).length)),
  };
}

async function main(): Promise<void> {
  const setArg = process.argv.indexOf('--set');
  const sets = presentSets(FACE_PAIR_SETS).filter((set) => setArg < 0 || set.name === process.argv[setArg + 1]);
  if (sets.length === 0) throw new Error(`no face pair sets under ${SHARED_DATA_DIR}`);
  const fillArg = process.argv.indexOf('--fill-cache');
  const fill = fillArg > 0 ? process.argv[fillArg + 1].split('/').map(Number) : undefined;
  const report: Record<string, unknown> = {
    reference:
      '@vladmandic/face-api 1.7.15, tfjs-core + tfjs-backend-cpu 4.22, TinyFaceDetectorOptions { inputSize: 416, scoreThreshold: 0.5 }',
    shippedThreshold: MATCH_CALIBRATION.threshold,
    sets: {},
  };
  for (const set of sets) {
    const rows = readCsv(set.file);
    const pairs = rows.map((r) => ({ img1: r.img1, img2: r.img2, same: r.same === '1' || r.same.toLowerCase() === 'true' }));
    const baseDir = dirname(set.file);
    const images = [...new Set(pairs.flatMap((p) => [p.img1, p.img2]))];
    console.log(`eval:face-reference  ${set.name}: ${images.length} images, ${pairs.length} pairs`);
    if (fill) {
      const [shard, shards] = fill;
      for (const [i, image] of images.entries()) {
        if (i % shards !== shard) continue;
        const { image: pixels, key } = await decodeFile(join(baseDir, image));
        await cachedReference(key, pixels);
        console.log(`  face-api ${i + 1}/${images.length} ${image}`);
      }
      continue;
    }
    const results = new Map<string, ImageResult>();
    for (const [i, image] of images.entries()) {
      results.set(image, await analyseImage(join(baseDir, image)));
      if ((i + 1) % 10 === 0 || i === images.length - 1) console.log(`  ${i + 1}/${images.length}`);
    }
    const all = [...results.values()];
    const withRef = all.filter((r) => r.ref);
    const notNull = (v: (number | null)[]) => v.filter((x): x is number => x !== null);
    const descriptorCosine = notNull(
      withRef.map((r) =>
        r.descriptors.ours && r.descriptors['face-api'] ? cosineSimilarity(r.descriptors.ours, r.descriptors['face-api']) : null,
      ),
    );
    const descriptorDistance = notNull(
      withRef.map((r) =>
        r.descriptors.ours && r.descriptors['face-api'] ? euclideanDistance(r.descriptors.ours, r.descriptors['face-api']) : null,
      ),
    );
    const parityCosine = notNull(
      withRef.map((r) =>
        r.descriptors['face-api crop, ONNX'] && r.descriptors['face-api']
          ? cosineSimilarity(r.descriptors['face-api crop, ONNX'], r.descriptors['face-api'])
          : null,
      ),
    );
    const perPipeline: Record<string, unknown> = {};
    for (const pipeline of PIPELINES) {
      const allPairs: PairScores = { genuine: [], impostor: [], genuineCos: [], impostorCos: [] };
      const common: PairScores = { genuine: [], impostor: [], genuineCos: [], impostorCos: [] };
      for (const pair of pairs) {
        const a = results.get(pair.img1)!;
        const b = results.get(pair.img2)!;
        const da = a.descriptors[pipeline];
        const db = b.descriptors[pipeline];
        const d = da && db ? euclideanDistance(da, db) : Infinity;
        const c = da && db ? -cosineSimilarity(da, db) : Infinity;
        (pair.same ? allPairs.genuine : allPairs.impostor).push(d);
        (pair.same ? allPairs.genuineCos : allPairs.impostorCos).push(c);
        if (a.ref && b.ref && a.descriptors.ours && b.descriptors.ours) {
          (pair.same ? common.genuine : common.impostor).push(d);
          (pair.same ? common.genuineCos : common.impostorCos).push(c);
        }
      }
      perPipeline[pipeline] = {
        facesFound: all.filter((r) => r.descriptors[pipeline]).length,
        allPairs: pairFigures(allPairs),
        pairsWhereFaceApiFoundBoth: pairFigures(common),
      };
    }
    const setReport = {
      images: images.length,
      faceApiFound: withRef.length,
      oursFound: all.filter((r) => r.descriptors.ours).length,
      oursByPath: all.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.ourDetection]: (acc[r.ourDetection] ?? 0) + 1 }), {}),
      ourDetectorFoundWhereFaceApiDid: withRef.filter((r) => r.ourDetectorBox).length,
      faceApiMissed: all.filter((r) => !r.ref).map((r) => `${images.find((i) => results.get(i) === r)} (ours: ${r.ourDetection})`),
      stages: {
        detectorBoxIoU: summary(notNull(withRef.map((r) => r.iou))),
        /** Images where our main face is not face-api's (IoU < 0.5): a different face chosen, or a different box. */
        differentFace: withRef
          .filter((r) => r.iou !== null && r.iou < 0.5)
          .map((r) => `${images.find((i) => results.get(i) === r)} (IoU ${round(r.iou, 2)})`),
        landmarkErrorOverInterOcular: summary(notNull(withRef.map((r) => r.landmarkError))),
        landmarkStageAloneOnFaceApiBox: summary(notNull(withRef.map((r) => r.landmarkStageError))),
        cropParityMeanAbs: summary(notNull(withRef.map((r) => r.cropParity))),
        chipDifferenceMeanAbs: summary(notNull(withRef.map((r) => r.chipDifference))),
        descriptorCosineOursVsFaceApi: summary(descriptorCosine),
        descriptorDistanceOursVsFaceApi: summary(descriptorDistance),
        descriptorCosineOnnxParity: summary(parityCosine),
      },
      pipelines: perPipeline,
      perImage: images.map((image) => {
        const r = results.get(image)!;
        return {
          image,
          faceApi: !!r.ref,
          ours: r.ourDetection,
          iou: round(r.iou, 3),
          landmarkError: round(r.landmarkError, 4),
          landmarkStageError: round(r.landmarkStageError, 4),
          chipDifference: round(r.chipDifference, 2),
          cosineOursVsFaceApi:
            r.descriptors.ours && r.descriptors['face-api']
              ? round(cosineSimilarity(r.descriptors.ours, r.descriptors['face-api']), 4)
              : null,
        };
      }),
    };
    (report.sets as Record<string, unknown>)[set.name] = setReport;
    const { perImage: _perImage, ...printed } = setReport;
    console.log(JSON.stringify(printed, null, 1));
  }
  if (fill) return;
  mkdirSync(dirname(OUT_FILE), { recursive: true });
  writeFileSync(OUT_FILE, JSON.stringify(report, null, 2));
  console.log(`wrote ${OUT_FILE}`);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
