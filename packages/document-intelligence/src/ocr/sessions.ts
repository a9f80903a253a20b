import * as ort from 'onnxruntime-node';
import { readVerifiedModel } from '@kyc/model-integrity';
import { loadCharacterTable, locateOcrModels, ocrModelDigest } from './model-files';
import { optimizeOnnxModel } from './optimize-graph';

/** What the OCR steps need of a model session: its tensor names and a run. */
export interface OcrModelSession {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: ort.InferenceSession.FeedsType): Promise<ort.InferenceSession.ReturnType>;
}

export interface OcrSessions {
  detection: OcrModelSession;
  recognition: OcrModelSession;
  characters: string[];
}

/** Wall time spent in the OCR models' runs since the process started, by model, and how many runs. */
export interface OcrModelTime {
  detectionMs: number;
  recognitionMs: number;
  runs: number;
}

let pending: Promise<OcrSessions> | null = null;
const modelTime: OcrModelTime = { detectionMs: 0, recognitionMs: 0, runs: 0 };
let runObserver: ((model: 'detection' | 'recognition', milliseconds: number) => void) | undefined;

/** Calls `observer` after each OCR model run with its wall time (the document service feeds its stage histogram). */
export function observeOcrModelRuns(observer: (model: 'detection' | 'recognition', milliseconds: number) => void): void {
  runObserver = observer;
}

/**
 * The time spent in the OCR models so far in this process. Read before and after an analysis, the difference is
 * that analysis's share when analyses run one at a time (as `eval:documents` runs them): it is the floor no work
 * around the models can lower. With concurrent analyses the runs interleave and the difference counts theirs too.
 */
export function ocrModelTime(): OcrModelTime {
  return { ...modelTime };
}

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
  return {
    detection: metered(detection, 'detectionMs'),
    recognition: metered(recognition, 'recognitionMs'),
    characters: loadCharacterTable(files.dictionary),
  };
}

/** The session with each run's wall time added to the process's model time. */
function metered(session: ort.InferenceSession, model: 'detectionMs' | 'recognitionMs'): OcrModelSession {
  return {
    inputNames: session.inputNames,
    outputNames: session.outputNames,
    run: async (feeds) => {
      const started = performance.now();
      try {
        return await session.run(feeds);
      } finally {
        const milliseconds = performance.now() - started;
        modelTime[model] += milliseconds;
        modelTime.runs += 1;
        runObserver?.(model === 'detectionMs' ? 'detection' : 'recognition', milliseconds);
      }
    },
  };
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
  const bytes = readVerifiedModel(path, ocrModelDigest(path));
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
