import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { analyzeFace, type FaceAnalysis } from '../face-analysis';
import type { RgbImage } from '../image/rgb-image';
import { evaluateLiveness } from '../liveness/eval/eval-liveness';
import { readLabelledSet } from '../liveness/eval/labelled-set';
import type { FaceBox } from '../liveness/types';
import { analyzeSelfie } from '../selfie-analysis';
import { cosineSimilarity, euclideanDistance } from '../matching/match-score';
import { renderHtmlReport } from './eval-report-html';
import { percentile, rocCurve, tarAtFar } from './roc';

/**
 * `npm run eval:faces [-- --pairs <pairs.csv> --out <file.json>]`
 *
 * Runs the face pipeline on every image of a pairs list (columns img1,img2,same; paths relative to
 * the csv), then reports genuine/impostor distance distributions, TAR at FAR 1e-2 and 1e-3 with the
 * thresholds, the same for cosine similarity (for comparison), which images fell back to the
 * whole-image path, and latency per stage. Writes JSON and an HTML page with the ROC beside it.
 *
 * Pairs whose image yields no descriptor count as rejected (a genuine pair lost, an impostor pair
 * correctly refused). Low-quality results still carry a descriptor and are scored; how many there
 * were is reported.
 */

const REPO_ROOT = resolve(__dirname, '../../../..');
const DEFAULT_PAIRS = resolve(REPO_ROOT, '../shared/data/faces-dev/pairs_all.csv');
const DEFAULT_OUT = join(REPO_ROOT, 'reports', 'eval-faces.json');
const LATENCY_REPEATS = 3;
/**
 * faces-dev's pair images are 150x150 crops, smaller than a phone selfie, so latency is also
 * measured on larger photos when they are available: faces-dev's group photos (1366x768) and
 * spoof-dev's camera shots (selfie-sized). `--latency-dir <dir>` replaces these.
 */
/** The sample photos that ship with @vladmandic/face-api (demo/sample1-6.jpg), when installed. */
function faceApiSamplePhotos(): string[] {
  try {
    const demo = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
    return readdirSync(demo).filter((f) => /^sample\d+\.jpg$/.test(f)).map((f) => join(demo, f));
  } catch {
    return [];
  }
}

const DEFAULT_LATENCY_IMAGES = [
  ...['bbt1.jpg', 'bbt2.jpg', 'bbt3.jpg', 'bbt4.jpg', 'bbt5.jpg'].map((f) => resolve(REPO_ROOT, '../shared/data/faces-dev', f)),
  ...['image_F1.jpg', 'image_F2.jpg', 'image_T1.jpg'].map((f) => resolve(REPO_ROOT, '../shared/data/spoof-dev', f)),
  ...faceApiSamplePhotos(),
];

interface Pair {
  img1: string;
  img2: string;
  same: boolean;
}

function parseArgs(argv: string[]): { pairs: string; out: string; latencyImages: string[]; liveness: string[] } {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const latencyDir = value('--latency-dir');
  const latencyImages = latencyDir
    ? readdirSync(latencyDir).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).map((f) => join(latencyDir, f))
    : DEFAULT_LATENCY_IMAGES.filter((f) => existsSync(f));
  const spoofDevLabels = join(DEFAULT_PAIRS, '..', '..', 'spoof-dev', 'labels.csv');
  const liveness = [value('--liveness'), existsSync(spoofDevLabels) ? spoofDevLabels : undefined].filter((v): v is string => Boolean(v)).map((v) => resolve(v));
  return { pairs: resolve(value('--pairs') ?? DEFAULT_PAIRS), out: resolve(value('--out') ?? DEFAULT_OUT), latencyImages, liveness };
}

/** Times the whole pipeline on each image `repeats` times; returns per-run totals in ms. */
async function timeImages(files: string[], repeats: number): Promise<{ totals: number[]; cpu: number[]; sizes: string[] }> {
  const totals: number[] = [];
  const cpu: number[] = [];
  const sizes: string[] = [];
  for (const file of files) {
    const bytes = readFileSync(file);
    for (let r = 0; r < repeats; r++) {
      const t = performance.now();
      const c = process.cpuUsage();
      const result = await analyzeFace(bytes);
      totals.push(performance.now() - t);
      cpu.push(cpuMs(process.cpuUsage(c)));
      if (r === 0) sizes.push(`${file.split('/').pop()}: ${result.kind}`);
    }
  }
  return { totals, cpu, sizes };
}

/**
 * CPU time of the whole process (all threads) during one call. The pipeline is sequential (one
 * ORT intra-op thread), so on an idle host wall time ≈ CPU time; on a shared, overloaded host the
 * wall time mostly measures waiting for a core, and this is the better estimate of what the code costs.
 */
function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

function readPairs(csvPath: string): Pair[] {
  const lines = readFileSync(csvPath, 'utf8').split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length > 0);
  const header = lines[0].split(',').map((h) => h.trim());
  const [i1, i2, is] = ['img1', 'img2', 'same'].map((h) => header.indexOf(h));
  if (i1 < 0 || i2 < 0 || is < 0) throw new Error(`${csvPath}: expected columns img1,img2,same`);
  return lines.slice(1).map((line) => {
    const cells = line.split(',').map((c) => c.trim());
    return { img1: cells[i1], img2: cells[i2], same: cells[is] === '1' || cells[is].toLowerCase() === 'true' };
  });
}

const round = (v: number, digits = 4) => Number(v.toFixed(digits));
const stats = (values: number[]) => ({
  count: values.length,
  mean: values.length ? round(values.reduce((a, b) => a + b, 0) / values.length) : null,
  min: values.length ? round(Math.min(...values)) : null,
  max: values.length ? round(Math.max(...values)) : null,
  p05: values.length ? round(percentile(values, 5)) : null,
  p95: values.length ? round(percentile(values, 95)) : null,
});

async function main(): Promise<void> {
  const { pairs: pairsPath, out, latencyImages, liveness: livenessSets } = parseArgs(process.argv.slice(2));
  const pairs = readPairs(pairsPath);
  const baseDir = dirname(pairsPath);
  const images = [...new Set(pairs.flatMap((p) => [p.img1, p.img2]))];
  console.log(`eval:faces  ${pairs.length} pairs (${pairs.filter((p) => p.same).length} genuine), ${images.length} images from ${pairsPath}`);

  const analyses = new Map<string, FaceAnalysis>();
  const stageTimes: Record<string, number[]> = { decodeMs: [], detectMs: [], landmarksMs: [], alignMs: [], embedMs: [], totalMs: [] };
  const cpuTimes: number[] = [];
  // Warm-up: the first call creates the three ONNX sessions; its latency is not a per-image figure.
  const readImage = (image: string): Buffer | undefined => {
    try {
      return readFileSync(resolve(baseDir, image));
    } catch {
      return undefined;
    }
  };
  const warmStart = performance.now();
  await analyzeFace(readImage(images[0]) ?? Buffer.alloc(0));
  const sessionLoadMs = performance.now() - warmStart;

  for (const [index, image] of images.entries()) {
    const bytes = readImage(image);
    if (!bytes) {
      console.log(`  missing: ${image}`);
      analyses.set(image, { kind: 'invalid_image', reason: 'undecodable', detail: 'file not found' });
      continue;
    }
    for (let r = 0; r < LATENCY_REPEATS; r++) {
      const t = performance.now();
      const c = process.cpuUsage();
      const result = await analyzeFace(bytes);
      const total = performance.now() - t;
      cpuTimes.push(cpuMs(process.cpuUsage(c)));
      if (r === 0) analyses.set(image, result);
      if ('timings' in result) {
        for (const [k, v] of Object.entries(result.timings)) stageTimes[k].push(v);
        stageTimes.totalMs.push(total);
      }
    }
    if ((index + 1) % 10 === 0 || index === images.length - 1) console.log(`  analysed ${index + 1}/${images.length}`);
  }

  console.log(`  timing ${latencyImages.length} larger photos`);
  const larger = await timeImages(latencyImages, LATENCY_REPEATS);
  const allTotals = [...stageTimes.totalMs, ...larger.totals];

  const descriptor = (image: string) => {
    const a = analyses.get(image);
    return a && (a.kind === 'face' || a.kind === 'low_quality') ? a.face.embedding : undefined;
  };
  const genuine: number[] = [], impostor: number[] = [], genuineCos: number[] = [], impostorCos: number[] = [];
  let pairsWithoutDescriptor = 0;
  for (const pair of pairs) {
    const a = descriptor(pair.img1), b = descriptor(pair.img2);
    // No descriptor: the pair is refused — distance +∞, cosine -∞.
    const d = a && b ? euclideanDistance(a, b) : Infinity;
    const c = a && b ? cosineSimilarity(a, b) : -Infinity;
    if (!(a && b)) pairsWithoutDescriptor++;
    (pair.same ? genuine : impostor).push(d);
    (pair.same ? genuineCos : impostorCos).push(-c);
  }

  const at1e2 = tarAtFar(genuine, impostor, 1e-2);
  const at1e3 = tarAtFar(genuine, impostor, 1e-3);
  const cos1e2 = tarAtFar(genuineCos, impostorCos, 1e-2);
  const cos1e3 = tarAtFar(genuineCos, impostorCos, 1e-3);
  const finite = (v: number[]) => v.filter(Number.isFinite);
  const kinds: Record<string, number> = {};
  const wholeImage: string[] = [];
  const padded: string[] = [];
  const lowQuality: Record<string, string[]> = {};
  for (const [image, a] of analyses) {
    kinds[a.kind] = (kinds[a.kind] ?? 0) + 1;
    if ((a.kind === 'face' || a.kind === 'low_quality') && a.detection === 'whole_image') wholeImage.push(image);
    if ((a.kind === 'face' || a.kind === 'low_quality') && a.detection === 'padded') padded.push(image);
    if (a.kind === 'low_quality') lowQuality[image] = a.reasons;
  }

  // min is the closest to an uncontended figure on a shared host; p95 is the target's measure.
  const latency = Object.fromEntries(
    Object.entries(stageTimes).map(([k, v]) => [k, { min: round(Math.min(...v), 1), p50: round(percentile(v, 50), 1), p95: round(percentile(v, 95), 1) }]),
  );
  const { livenessReport, selfiePipeline } = await evaluateSelfies(livenessSets);

  const report = {
    pairs: pairs.length,
    pairSet: { file: pairsPath, genuine: genuine.length, impostor: impostor.length, withoutDescriptor: pairsWithoutDescriptor },
    metric: 'euclidean distance between raw FaceRecognitionNet descriptors (accept when distance <= threshold)',
    match: {
      tarAtFar1e2: round(at1e2.tar),
      tarAtFar1e3: round(at1e3.tar),
      threshold: round(at1e3.threshold),
      thresholdAtFar1e2: round(at1e2.threshold),
      genuineDistance: stats(finite(genuine)),
      impostorDistance: stats(finite(impostor)),
      cosineForComparison: { tarAtFar1e2: round(cos1e2.tar), tarAtFar1e3: round(cos1e3.tar), threshold: round(-cos1e3.threshold) },
    },
    images: {
      total: images.length,
      results: kinds,
      paddedDetection: {
        count: padded.length,
        note: 'no face detected in these tight crops as given; detection succeeded after adding a black border of half the image size on each side',
        files: padded,
      },
      wholeImageFallback: {
        count: wholeImage.length,
        note: 'no face detected even with the border; the whole image was taken as the face box, the landmark net run on it, and kept only when its landmarks formed a plausible face',
        files: wholeImage,
      },
      lowQuality,
    },
    liveness: livenessReport,
    selfiePipeline,
    latency: {
      // The whole selfie (face + liveness) when liveness images were evaluated, else the face stages alone.
      selfieP95Ms: selfiePipeline?.p95Ms ?? round(percentile(allTotals, 95), 1),
      faceOnlyP95Ms: round(percentile(allTotals, 95), 1),
      note: `decode+detect+landmarks+align+embed per image (one analyzeFace call), ${LATENCY_REPEATS} runs per image after warm-up, over the pair images and ${latencyImages.length} larger photos; ORT intra-op threads ${process.env.KYC_FACE_ORT_THREADS ?? 1}; host load average at the end ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cpus`,
      pairImagesP95Ms: round(percentile(stageTimes.totalMs, 95), 1),
      cpuTimePerImage: {
        note: 'process CPU time per analyzeFace call (all threads); ≈ wall time on an idle host',
        p50Ms: round(percentile([...cpuTimes, ...larger.cpu], 50), 1),
        p95Ms: round(percentile([...cpuTimes, ...larger.cpu], 95), 1),
        largerPhotosP95Ms: round(percentile(larger.cpu, 95), 1),
      },
      largerPhotos: {
        minMs: round(Math.min(...larger.totals), 1),
        p50Ms: round(percentile(larger.totals, 50), 1),
        p95Ms: round(percentile(larger.totals, 95), 1),
        images: larger.sizes,
      },
      stages: latency,
      sessionLoadMs: round(sessionLoadMs, 1),
    },
    memory: { maxRssMb: round(process.resourceUsage().maxRSS / 1024, 1) },
  };

  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
  const html = out.replace(/\.json$/, '') + '.html';
  writeFileSync(
    html,
    renderHtmlReport({
      title: `Face verification — ${pairsPath}`,
      roc: rocCurve(genuine, impostor),
      genuine: finite(genuine),
      impostor: finite(impostor),
      threshold: at1e3.threshold,
      summaryRows: [
        ['pairs', `${genuine.length} genuine / ${impostor.length} impostor`],
        ['TAR @ FAR 1e-2', `${(at1e2.tar * 100).toFixed(2)} %`],
        ['TAR @ FAR 1e-3', `${(at1e3.tar * 100).toFixed(2)} % (threshold ${at1e3.threshold.toFixed(4)})`],
        ['cosine, TAR @ FAR 1e-3', `${(cos1e3.tar * 100).toFixed(2)} %`],
        ['tight crops', `${padded.length} detected after padding, ${wholeImage.length} whole-image fallback, of ${images.length} images`],
        ['p95 latency per image', `${report.latency.selfieP95Ms} ms`],
      ],
    }),
  );
  console.log(JSON.stringify({ match: report.match, images: { results: kinds, paddedDetection: padded.length, wholeImageFallback: wholeImage.length }, latency: report.latency, memory: report.memory }, null, 2));
  console.log(`wrote ${out} and ${html}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

/** The face detector's box for liveness: the same path a selfie upload takes (analyzeSelfie). */
async function detectFaceBox(image: RgbImage): Promise<FaceBox | null> {
  const analysis = await analyzeFace(image);
  return analysis.kind === 'face' || analysis.kind === 'low_quality' ? analysis.face.box : null;
}

/**
 * Liveness (APCER/BPCER) on labelled sets — spoof-dev and any outside `--liveness labels.csv` —
 * with face boxes from our own detector, plus synthetic attacks derived from their live images;
 * and the latency of the whole selfie pipeline (decode, detect, landmarks, align, embed, liveness).
 */
async function evaluateSelfies(labelFiles: string[]) {
  if (!labelFiles.length) return { livenessReport: null, selfiePipeline: null };
  const sets = labelFiles.map((file, index) => ({ name: file.includes('spoof-dev') ? 'spoof-dev' : `outside-${index + 1}`, files: readLabelledSet(file) }));
  const liveFiles = sets.flatMap((set) => set.files.filter((f) => f.label === 'live'));
  const syntheticSources: { path: string; name: string; box: FaceBox }[] = [];
  for (const file of liveFiles) {
    const analysis = await analyzeFace(readFileSync(file.path));
    if (analysis.kind === 'face' || analysis.kind === 'low_quality') syntheticSources.push({ path: file.path, name: file.file, box: analysis.face.box });
  }
  console.log(`eval:faces  liveness on ${sets.map((s) => `${s.name} (${s.files.length})`).join(', ')} + synthetic attacks from ${syntheticSources.length} live image(s)`);
  const report = await evaluateLiveness({ sets, syntheticSources, detectFace: detectFaceBox, latencyRuns: 10, progress: (line) => console.log(`  ${line}`) });
  const totals: number[] = [];
  const cpuBefore = process.cpuUsage();
  const files = sets.flatMap((set) => set.files);
  for (let run = 0; run < 3; run++) {
    for (const file of files) {
      const started = performance.now();
      await analyzeSelfie(readFileSync(file.path));
      totals.push(performance.now() - started);
    }
  }
  const cpu = process.cpuUsage(cpuBefore);
  const { perImage, ...rates } = report.liveness;
  return {
    livenessReport: { ...rates, perImage, latency: report.latency, notes: report.notes },
    selfiePipeline: {
      note: `analyzeSelfie (decode, detect, landmarks, align, embed, MiniFASNet x2 + image evidence) over the ${files.length} liveness images, 3 runs each; host load ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cpus`,
      p50Ms: round(percentile(totals, 50), 1),
      p95Ms: round(percentile(totals, 95), 1),
      cpuMsPerSelfie: round((cpu.user + cpu.system) / 1000 / totals.length, 1),
    },
  };
}
