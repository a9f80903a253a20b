import * as ort from 'onnxruntime-node';
import { loadCharacterTable, locateOcrModels } from './model-files';

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
  // Two intra-op threads: the target machine has two cores and a document is analysed one side at a time.
  // Spinning is off: on a shared, busy machine the spinning thread-pool workers doubled the recognition time
  // (measured 3.1–3.2 s vs 1.7–1.9 s CPU for the 19 lines of mrz-dev id1.jpg); without it two threads cost no
  // more than one.
  // DOCUMENT_OCR_THREADS=1 trades latency for throughput: one thread costs ~25 % less CPU per side but ~1.4× the
  // wall time of an idle machine's two threads; with several concurrent uploads on two cores, one is better.
  const options: ort.InferenceSession.SessionOptions = {
    intraOpNumThreads: ocrThreads(),
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  };
  const [detection, recognition] = await Promise.all([
    ort.InferenceSession.create(files.detection, options),
    ort.InferenceSession.create(files.recognition, options),
  ]);
  return { detection, recognition, characters: loadCharacterTable(files.dictionary) };
}

/** Intra-op threads per ONNX session: DOCUMENT_OCR_THREADS (1–8), default 2. */
export function ocrThreads(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.DOCUMENT_OCR_THREADS);
  return Number.isInteger(value) && value >= 1 && value <= 8 ? value : 2;
}
