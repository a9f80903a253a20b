import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as ort from 'onnxruntime-node';
import { readModelListedInManifest } from '@kyc/model-integrity';

/**
 * One ONNX Runtime session per model file per process, created on first use and then shared
 * (sessions are safe for concurrent run() calls). The models directory is the repository's
 * models/ unless KYC_FACE_MODELS_DIR says otherwise.
 *
 * One intra-op thread by default (KYC_FACE_ORT_THREADS overrides): on a 2-core host under load,
 * measured single-image latency was lower with 1 thread (detector 45 ms vs 64 ms, embedder 25 vs
 * 39 ms), and concurrent requests then use the other core.
 */

export type FaceModelFile = 'face-detector-tiny.onnx' | 'face-landmarks68.onnx' | 'face-recognition-resnet.onnx';

const sessions = new Map<string, Promise<ort.InferenceSession>>();

export function modelsDirectory(): string {
  return process.env.KYC_FACE_MODELS_DIR ?? resolve(__dirname, '../../../../models');
}

export function getSession(file: FaceModelFile): Promise<ort.InferenceSession> {
  const path = join(modelsDirectory(), file);
  let session = sessions.get(path);
  if (!session) {
    if (!existsSync(path)) {
      // The face-api models are build outputs of @kyc/models, not committed files.
      return Promise.reject(new Error(`face model ${path} is missing: run npm run build (or set KYC_FACE_MODELS_DIR)`));
    }
    const threads = Number(process.env.KYC_FACE_ORT_THREADS ?? 1);
    // Checked against models/manifest.json first: a swapped or stale file refuses to load.
    session = Promise.resolve()
      .then(() => readModelListedInManifest(path))
      .then((bytes) =>
        ort.InferenceSession.create(bytes, {
          graphOptimizationLevel: 'all',
          executionMode: 'sequential',
          intraOpNumThreads: Number.isInteger(threads) && threads > 0 ? threads : 1,
          interOpNumThreads: 1,
        }),
      );
    // A failed load is not cached, so a later call can retry (e.g. after the file is restored).
    session.catch(() => sessions.delete(path));
    sessions.set(path, session);
  }
  return session;
}

/** Runs a single-input, single-output model on an NHWC float32 batch of one. */
export async function runImageModel(file: FaceModelFile, input: Float32Array, size: number): Promise<Float32Array> {
  const session = await getSession(file);
  const feeds = { [session.inputNames[0]]: new ort.Tensor('float32', input, [1, size, size, 3]) };
  const results = await session.run(feeds);
  return results[session.outputNames[0]].data as Float32Array;
}
