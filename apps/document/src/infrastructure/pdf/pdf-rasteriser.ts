import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { ErrorCode, KycError } from '@kyc/errors';
import type { PdfRenderFailure, PdfRenderReply, PdfRenderRequest } from './pdf-render-protocol';

export interface RenderedPdfPage {
  /** Page 1 as an RGB PNG on a white background. */
  png: Buffer;
  width: number;
  height: number;
  pageCount: number;
}

/** KYC_006 reason codes of a PDF that cannot be rendered (details.reasonCode). */
export type PdfRejectionReason = PdfRenderFailure | 'FILE_TOO_LARGE';

export interface PdfRasteriserOptions {
  /** The compiled worker script; by default the pdf-render-worker.js beside this file (dist). */
  workerScript?: string;
  /** Wall-clock limit of one render, worker start included; the worker is terminated when it passes. */
  deadlineMs?: number;
  /** V8 old-generation limit of a render's worker. */
  maxHeapMb?: number;
  /** Renders running at once; more wait their turn (each worker may hold maxHeapMb plus the page's pixels). */
  maxConcurrent?: number;
  dpi?: number;
  /** Output pixel cap, whatever the page size the PDF declares. */
  maxPixels?: number;
  maxSide?: number;
  /** A PoA is a letter or a statement: more pages than this is refused (only page 1 is ever read). */
  maxPages?: number;
  /** Embedded images larger than this (width x height) are not decoded. */
  maxImagePixels?: number;
  /**
   * Growth of the process's resident memory during a render past which the render is stopped. The heap
   * limit does not cover ArrayBuffers, and pdfjs inflates a stream into one: a 1 MB Flate bomb is 1 GB.
   */
  maxMemoryGrowthMb?: number;
}

export const MAX_PDF_BYTES = 10 * 1024 * 1024;

const DEFAULTS = {
  deadlineMs: 15_000,
  maxHeapMb: 256,
  maxConcurrent: 2,
  dpi: 200,
  maxPixels: 13_000_000,
  maxSide: 5_000,
  maxPages: 200,
  maxImagePixels: 40_000_000,
  maxMemoryGrowthMb: 1_024,
};

const MEMORY_SAMPLE_MS = 50;

const MESSAGES: Record<PdfRejectionReason, string> = {
  PDF_ENCRYPTED: 'The PDF is password-protected',
  PDF_MALFORMED: 'The PDF could not be read',
  PDF_TOO_COMPLEX: 'The PDF is too complex to render',
  PDF_EMPTY: 'The PDF has no pages',
  PDF_TOO_MANY_PAGES: 'The PDF has too many pages',
  FILE_TOO_LARGE: 'The PDF is larger than 10 MB',
};

const rejection = (reasonCode: PdfRejectionReason) => new KycError(ErrorCode.IMAGE_INVALID, MESSAGES[reasonCode], { reasonCode });

/** The compiled worker: beside this file in dist; from the sources (ts-jest), the built copy in dist. */
function defaultWorkerScript(): string | undefined {
  const candidates = [join(__dirname, 'pdf-render-worker.js'), join(__dirname, '../../../dist/infrastructure/pdf/pdf-render-worker.js')];
  return candidates.find((candidate) => existsSync(candidate));
}

/**
 * Renders page 1 of an uploaded PDF to a PNG with pdfjs-dist, each PDF on a worker thread of its own,
 * started for it and gone after it: a hostile file can exhaust only that worker's heap (resourceLimits),
 * is stopped at the deadline (terminate), and leaves no state behind for the next upload. PoA uploads are
 * rare enough that the ~0.2 s worker start is cheaper than the risk of reusing a poisoned worker.
 * Every failure of the file is KYC_006 with details.reasonCode; messages never quote the file.
 */
export class PdfRasteriser {
  private readonly options: typeof DEFAULTS & { workerScript?: string };
  private readonly running = new Set<Worker>();
  private readonly queue: Array<() => void> = [];
  private active = 0;
  private closed = false;

  constructor(options: PdfRasteriserOptions = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  async render(pdf: Buffer): Promise<RenderedPdfPage> {
    if (pdf.length > MAX_PDF_BYTES) throw rejection('FILE_TOO_LARGE');
    if (pdf.length === 0) throw rejection('PDF_MALFORMED');
    await this.acquire();
    try {
      const reply = await this.runWorker(pdf);
      if (!reply.ok) throw rejection(reply.reasonCode);
      const png = await sharp(Buffer.from(reply.rgba.buffer, reply.rgba.byteOffset, reply.rgba.byteLength), {
        raw: { width: reply.width, height: reply.height, channels: 4 },
      })
        .removeAlpha()
        .png()
        .toBuffer();
      return { png, width: reply.width, height: reply.height, pageCount: reply.pageCount };
    } finally {
      this.release();
    }
  }

  /** Stops the renders in progress (they fail) and refuses new ones. */
  async close(): Promise<void> {
    this.closed = true;
    for (const start of this.queue.splice(0)) start();
    await Promise.all([...this.running].map((worker) => worker.terminate()));
  }

  private runWorker(pdf: Buffer): Promise<PdfRenderReply> {
    if (this.closed) return Promise.reject(new Error('The PDF rasteriser is closed'));
    const script = this.options.workerScript ?? defaultWorkerScript();
    if (!script || !existsSync(script)) return Promise.reject(new Error('The PDF render worker script is missing: build @kyc/document'));
    const { dpi, maxPixels, maxSide, maxPages, maxImagePixels } = this.options;
    // A copy: the caller's buffer may be a slice of a pooled one, and it stays the caller's.
    const request: PdfRenderRequest = { pdf: new Uint8Array(pdf), dpi, maxPixels, maxSide, maxPages, maxImagePixels };
    return new Promise((resolve, reject) => {
      const worker = new Worker(script, {
        workerData: request,
        resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
        stdout: true,
        stderr: true,
      });
      // pdfjs's warnings name objects of the file: not logged.
      worker.stdout.resume();
      worker.stderr.resume();
      this.running.add(worker);
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(sampler);
        this.running.delete(worker);
        void worker.terminate();
        outcome();
      };
      const timer = setTimeout(() => settle(() => resolve({ ok: false, reasonCode: 'PDF_TOO_COMPLEX' })), this.options.deadlineMs);
      // Process-wide, so a render beside another that balloons may be stopped with it: both get PDF_TOO_COMPLEX.
      const baseline = process.memoryUsage.rss();
      const growthLimit = this.options.maxMemoryGrowthMb * 1024 * 1024;
      const sampler = setInterval(() => {
        if (process.memoryUsage.rss() - baseline > growthLimit) settle(() => resolve({ ok: false, reasonCode: 'PDF_TOO_COMPLEX' }));
      }, MEMORY_SAMPLE_MS);
      worker.on('message', (reply: PdfRenderReply) => settle(() => resolve(reply)));
      worker.on('error', (error: Error & { code?: string }) => {
        // Out of heap is the file's doing; anything else thrown outside render() is the worker's own failure.
        const reasonCode = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'PDF_TOO_COMPLEX' : 'PDF_MALFORMED';
        settle(() => resolve({ ok: false, reasonCode }));
      });
      worker.on('exit', () =>
        settle(() =>
          this.closed ? reject(new Error('The PDF rasteriser is closed')) : resolve({ ok: false, reasonCode: 'PDF_TOO_COMPLEX' }),
        ),
      );
    });
  }

  private acquire(): Promise<void> {
    if (this.active < this.options.maxConcurrent) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.queue.push(() => {
        this.active += 1;
        resolve();
      }),
    );
  }

  private release(): void {
    this.active -= 1;
    this.queue.shift()?.();
  }
}
