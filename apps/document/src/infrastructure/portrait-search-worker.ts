import { parentPort } from 'node:worker_threads';
import { findPortraitFace } from './portrait-face-search';

/**
 * Worker thread of PortraitSearchThread: runs the face search on pages posted to it. Its own
 * onnxruntime session, so the search runs beside the text recognition of the main thread
 * (onnxruntime-node's run() blocks the thread that calls it).
 */
parentPort?.on('message', (request: { id: number; width: number; height: number; data: Uint8Array }) => {
  findPortraitFace({ width: request.width, height: request.height, data: request.data }).then(
    (face) => parentPort?.postMessage({ id: request.id, face }),
    (error: unknown) => parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
