import { join } from 'path';
import * as ort from 'onnxruntime-node';
import { readModelListedInManifest } from '@kyc/model-integrity';
import { DEFAULT_MODELS_DIR, type MiniFasNetModel } from './minifasnet-models';

/**
 * One ONNX Runtime session per model file per process, created on first use. Concurrent first
 * calls share the same pending promise; a failed load is forgotten so a later call can retry.
 */
const sessions = new Map<string, Promise<ort.InferenceSession>>();

function sessionFor(path: string): Promise<ort.InferenceSession> {
  let pending = sessions.get(path);
  if (!pending) {
    // One intra-op thread: an 80×80 graph is too small to gain from splitting, and on a shared
    // two-core box spinning worker threads cost more than they save.
    // Checked against the manifest beside the models first: a swapped or stale file refuses to load.
    pending = Promise.resolve()
      .then(() => readModelListedInManifest(path))
      .then((bytes) => ort.InferenceSession.create(bytes, { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all' }));
    pending.catch(() => sessions.delete(path));
    sessions.set(path, pending);
  }
  return pending;
}

/** Runs one model on one prepared NCHW BGR input; returns its softmax probabilities. */
export async function runMiniFasNet(
  model: MiniFasNetModel,
  input: Float32Array,
  modelsDir: string = DEFAULT_MODELS_DIR,
): Promise<number[]> {
  const session = await sessionFor(join(modelsDir, model.file));
  const tensor = new ort.Tensor('float32', input, [1, 3, model.inputSize, model.inputSize]);
  const result = await session.run({ input: tensor }, ['probabilities']);
  return Array.from(result.probabilities.data as Float32Array);
}
