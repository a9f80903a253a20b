import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FaceBox, RgbImage } from '@kyc/face';
import { findPortraitFace } from './portrait-face-search';

export type PortraitSearch = (image: RgbImage) => Promise<FaceBox | undefined>;

interface Pending {
  resolve: (face: FaceBox | undefined) => void;
  reject: (error: Error) => void;
}

/**
 * The portrait face search on a worker thread of its own. onnxruntime-node's run() blocks the
 * calling thread, so a search on the main thread only ever ran between the text recogniser's runs;
 * on the worker it runs while the document library reads the text (~160 ms per passport page, most
 * of it the strip search). One worker per process, started on first use, not keeping the process
 * alive; it holds the face detector's session instead of the main thread.
 */
export class PortraitSearchThread {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly script: string) {}

  search(image: RgbImage): Promise<FaceBox | undefined> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    // Ref'd only while it holds searches: an idle worker must not keep the process from exiting, a busy one must.
    if (this.pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // A copy is posted: the page stays readable by the text recogniser meanwhile.
      worker.postMessage({ id, width: image.width, height: image.height, data: image.data });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script);
    worker.on('message', (reply: { id: number; face?: FaceBox; error?: string }) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.error !== undefined) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.face);
    });
    // A dead worker fails what it held; the next search starts a new one.
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`portrait search worker exited with code ${code}`)));
    // After the listeners: adding a 'message' listener refs the worker's port again, and a ref'd idle worker
    // kept every process that had analysed a page from exiting.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

const WORKER_SCRIPT = join(__dirname, 'portrait-search-worker.js');
let shared: PortraitSearchThread | undefined;

/**
 * The search the document service uses: on the shared worker thread, unless
 * DOCUMENT_OCR_PORTRAIT_WORKER=0 or the compiled worker script is absent (sources run by ts-jest),
 * then on the calling thread. A failing worker falls back to the calling thread for that page.
 */
export function defaultPortraitSearch(env: NodeJS.ProcessEnv = process.env): PortraitSearch {
  if (env.DOCUMENT_OCR_PORTRAIT_WORKER === '0' || !existsSync(WORKER_SCRIPT)) return findPortraitFace;
  return async (image) => {
    shared ??= new PortraitSearchThread(WORKER_SCRIPT);
    try {
      return await shared.search(image);
    } catch {
      return findPortraitFace(image);
    }
  };
}
