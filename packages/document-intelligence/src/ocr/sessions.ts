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
  const options: ort.InferenceSession.SessionOptions = { intraOpNumThreads: 2, interOpNumThreads: 1, graphOptimizationLevel: 'all' };
  const [detection, recognition] = await Promise.all([
    ort.InferenceSession.create(files.detection, options),
    ort.InferenceSession.create(files.recognition, options),
  ]);
  return { detection, recognition, characters: loadCharacterTable(files.dictionary) };
}
