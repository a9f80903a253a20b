import { readFileSync } from 'node:fs';
import * as ort from 'onnxruntime-node';
import { loadCharacterTable, locateOcrModels } from './model-files';
import { optimizeOnnxModel } from './optimize-graph';

export interface OcrSessions {
  detection: ort.InferenceSession;
  recognition: ort.InferenceSession;
  characters: string[];
}

let pending: Promise<OcrSessions> | null = null;

/** One session per model per process, created on first use; a failed creation is retried on the next call. */
export function getOcrSessions(): Promise<OcrSessions> {
  if (!pending) {
    pending = createSessions().catch((error: unknown) => {
      pending = null;
      throw error;
    });
  }
  return pending;
}

async function createSessions(): Promise<OcrSessions> {
  const files = locateOcrModels();
  const options = ocrSessionOptions();
  const rewrite = ocrGraphRewrite();
  const [detection, recognition] = await Promise.all([
    ort.InferenceSession.create(loadOcrModel(files.detection, rewrite), options),
    ort.InferenceSession.create(loadOcrModel(files.recognition, rewrite), options),
  ]);
  return { detection, recognition, characters: loadCharacterTable(files.dictionary) };
}

/** Options of both OCR sessions. */
export function ocrSessionOptions(): ort.InferenceSession.SessionOptions {
  // Two intra-op threads: the target machine has two cores and a document is analysed one side at a time.
  // Spinning is off: on a shared, busy machine the spinning thread-pool workers doubled the recognition time
  // (measured 3.1–3.2 s vs 1.7–1.9 s CPU for the 19 lines of mrz-dev id1.jpg); without it two threads cost no
  // more than one.
  // DOCUMENT_OCR_THREADS=1 trades latency for throughput: one thread costs ~25 % less CPU per side but ~1.4× the
  // wall time of an idle machine's two threads; with several concurrent uploads on two cores, one is better.
  return {
    intraOpNumThreads: ocrThreads(),
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  };
}

/**
 * The model's bytes, rewritten by optimize-graph.ts unless `rewrite` is false: the learnable-affine Mul/Add
 * folded into the convolutions and HardSwish made fusable. Measured on the shared 2-core machine (medians of
 * process CPU time): recogniser 17 % (48×320) to 37 % (48×2000) less per line, detector ~26 % less,
 * analyzeDocumentSide ~30 % less per side; outputs equal within float rounding (ocr-graph-parity.spec.ts).
 * Costs ~0.5 s CPU once per process, when the sessions are created.
 */
export function loadOcrModel(path: string, rewrite = true): Uint8Array {
  const bytes = readFileSync(path);
  return rewrite ? optimizeOnnxModel(bytes).bytes : bytes;
}

/** DOCUMENT_OCR_GRAPH_REWRITE=0 runs the models as shipped (for comparisons); anything else rewrites them. */
export function ocrGraphRewrite(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.DOCUMENT_OCR_GRAPH_REWRITE !== '0';
}

/** Intra-op threads per ONNX session: DOCUMENT_OCR_THREADS (1–8), default 2. */
export function ocrThreads(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.DOCUMENT_OCR_THREADS);
  return Number.isInteger(value) && value >= 1 && value <= 8 ? value : 2;
}
