import { readFileSync } from 'node:fs';
import { onnx } from 'onnx-proto';
import * as ort from 'onnxruntime-node';
import { decodeImage } from '../image/decode-image';
import { mrzDevImage } from '../testing/mrz-dev';
import { renderDocument } from '../testing/render-document';
import { seededRandom, syntheticIdentity } from '../testing/synthetic-mrz';
import { detectTextBoxes } from './detect-text-boxes';
import { loadCharacterTable, locateOcrModels } from './model-files';
import { optimizeOnnxModel, type OptimizeReport } from './optimize-graph';
import { ctcGreedyDecode, recogniseTexts } from './recognise-text';
import { ocrSessionOptions } from './sessions';
import { type RgbImage } from './types';
import { withMrzDev } from '../testing/required-inputs';

/**
 * The rewritten PP-OCRv4 models (optimize-graph.ts) against the models as shipped, on real inputs through the
 * real pre-processing: every detector and recogniser output within TOLERANCE, the same boxes, the same text.
 * Measured: at most 1.2e-4 (one recogniser step at p ≈ 0.38 on a long MRZ line), usually < 1e-5; for scale,
 * onnxruntime's own 'all' and 'extended' optimisation levels differ by up to 4e-5 on the same inputs.
 */
const TOLERANCE = 1e-3;

interface Model {
  original: ort.InferenceSession;
  rewritten: ort.InferenceSession;
  originalGraph: onnx.IGraphProto;
  rewrittenGraph: onnx.IGraphProto;
  report: OptimizeReport;
}

/** Stands in for a session: runs both models on every input, returns the original's outputs, keeps both. */
class PairedSession {
  readonly runs: { original: ort.Tensor; rewritten: ort.Tensor }[] = [];
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];

  constructor(private readonly model: Model) {
    this.inputNames = model.original.inputNames;
    this.outputNames = model.original.outputNames;
  }

  async run(feeds: ort.InferenceSession.FeedsType): Promise<ort.InferenceSession.ReturnType> {
    const original = await this.model.original.run(feeds);
    const rewritten = await this.model.rewritten.run(feeds);
    const name = this.outputNames[0];
    this.runs.push({ original: original[name], rewritten: rewritten[name] });
    return original;
  }

  asSession(): ort.InferenceSession {
    return this as unknown as ort.InferenceSession;
  }
}

function maxDifference(a: ort.Tensor, b: ort.Tensor): number {
  expect(b.dims).toEqual(a.dims);
  const x = a.data as Float32Array;
  const y = b.data as Float32Array;
  let max = 0;
  for (let i = 0; i < x.length; i += 1) max = Math.max(max, Math.abs(x[i] - y[i]));
  return max;
}

function opCounts(graph: onnx.IGraphProto): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const n of graph.node ?? []) if (n.opType !== 'Constant') counts[n.opType ?? ''] = (counts[n.opType ?? ''] ?? 0) + 1;
  return counts;
}

async function loadModel(path: string): Promise<Model> {
  const bytes = readFileSync(path);
  const { bytes: rewrittenBytes, report } = optimizeOnnxModel(bytes);
  const [original, rewritten] = await Promise.all([
    ort.InferenceSession.create(bytes, ocrSessionOptions()),
    ort.InferenceSession.create(rewrittenBytes, ocrSessionOptions()),
  ]);
  return {
    original,
    rewritten,
    report,
    originalGraph: onnx.ModelProto.decode(bytes).graph!,
    rewrittenGraph: onnx.ModelProto.decode(rewrittenBytes).graph!,
  };
}

describe('rewritten PP-OCRv4 graphs', () => {
  const files = locateOcrModels();
  const characters = loadCharacterTable(files.dictionary);
  let detection: Model;
  let recognition: Model;

  beforeAll(async () => {
    [detection, recognition] = await Promise.all([loadModel(files.detection), loadModel(files.recognition)]);
  }, 120_000);

  afterAll(async () => {
    for (const m of [detection, recognition]) await Promise.all([m?.original.release(), m?.rewritten.release()]);
  });

  it('lose every written-out HardSwish and most learnable-affine Mul/Add (so a rewrite that stops matching fails here)', () => {
    for (const model of [detection, recognition]) {
      const before = opCounts(model.originalGraph);
      const after = opCounts(model.rewrittenGraph);
      // Every Clip of these models is a HardSwish's Clip(x + 3, 0, 6); every Div its division by 6.
      expect(model.report.rewrites.hardSwish).toBe(before.Clip);
      expect(after.Clip ?? 0).toBe(0);
      expect(after.Div ?? 0).toBe((before.Div ?? 0) - before.Clip);
      expect(after.HardSigmoid).toBe((before.HardSigmoid ?? 0) + before.Clip);
      expect(after.Conv).toBe(before.Conv);
      expect(model.report.rewrites.affineIntoPrecedingConv).toBeGreaterThanOrEqual(50);
      expect(model.report.rewrites.affineIntoFollowingConv).toBeGreaterThanOrEqual(30);
      expect(model.report.nodesAfter).toBeLessThan(model.report.nodesBefore * 0.7);
    }
    // Recogniser: 440 → 291 operators, detector: 330 → 196 (onnxruntime-node 1.30 then fuses each
    // Conv → HardSigmoid·x into one NCHWc conv with a HardSwish activation).
    expect([recognition.report.nodesBefore, recognition.report.nodesAfter]).toEqual([440, 291]);
    expect([detection.report.nodesBefore, detection.report.nodesAfter]).toEqual([330, 196]);
  });

  async function compareOnImage(image: RgbImage): Promise<{ lines: number; texts: string[] }> {
    const det = new PairedSession(detection);
    const boxes = await detectTextBoxes(det.asSession(), image);
    expect(det.runs).toHaveLength(1);
    expect(maxDifference(det.runs[0].original, det.runs[0].rewritten)).toBeLessThan(TOLERANCE);
    const rewrittenBoxes = await detectTextBoxes(detection.rewritten, image);
    expect(rewrittenBoxes.map((b) => b.box)).toEqual(boxes.map((b) => b.box));
    rewrittenBoxes.forEach((b, i) => expect(Math.abs(b.score - boxes[i].score)).toBeLessThan(TOLERANCE));

    const rec = new PairedSession(recognition);
    await recogniseTexts(
      rec.asSession(),
      characters,
      image,
      boxes.map((b) => b.region),
    );
    const texts: string[] = [];
    for (const { original, rewritten } of rec.runs) {
      expect(maxDifference(original, rewritten)).toBeLessThan(TOLERANCE);
      const [, steps, classes] = original.dims as number[];
      const a = ctcGreedyDecode(original.data as Float32Array, steps, classes, characters);
      const b = ctcGreedyDecode(rewritten.data as Float32Array, steps, classes, characters);
      expect(b.text).toBe(a.text);
      expect(Math.abs(b.confidence - a.confidence)).toBeLessThan(TOLERANCE);
      texts.push(a.text);
    }
    return { lines: rec.runs.length, texts };
  }

  it('give the same detector map, boxes and recognised text on a rendered document', async () => {
    const identity = syntheticIdentity(seededRandom(5), 'TD3');
    const decoded = await decodeImage(
      await renderDocument({
        vizLines: ['Surname/Nom: ERIKSSON', 'Given names/Prénoms: ANNA MARIA', 'Date of birth: 12 AUG 1974'],
        mrzLines: identity.lines,
      }),
    );
    if (!decoded.ok) throw new Error(decoded.detail);
    const { lines, texts } = await compareOnImage(decoded.image);
    expect(lines).toBeGreaterThanOrEqual(5);
    expect(texts.some((t) => t.includes('ERIKSSON'))).toBe(true);
  }, 120_000);

  withMrzDev().it(
    'give the same detector map, boxes and recognised text on a photographed ID card (mrz-dev id1.jpg)',
    async () => {
      const decoded = await decodeImage(mrzDevImage('id1.jpg'));
      if (!decoded.ok) throw new Error(decoded.detail);
      const { lines } = await compareOnImage(decoded.image);
      expect(lines).toBeGreaterThanOrEqual(10);
    },
    120_000,
  );

  it('give the same outputs on random inputs', async () => {
    const random = seededRandom(11);
    const noise = (dims: number[]) =>
      new ort.Tensor(
        'float32',
        Float32Array.from({ length: dims.reduce((a, b) => a * b, 1) }, () => random() * 4 - 2),
        dims,
      );
    for (const [model, dims] of [
      [recognition, [1, 3, 48, 320]],
      [recognition, [2, 3, 48, 1320]],
      [detection, [1, 3, 320, 480]],
    ] as const) {
      const feeds = { [model.original.inputNames[0]]: noise([...dims]) };
      const name = model.original.outputNames[0];
      const [a, b] = [(await model.original.run(feeds))[name], (await model.rewritten.run(feeds))[name]];
      expect(maxDifference(a, b)).toBeLessThan(TOLERANCE);
    }
  }, 120_000);
});
