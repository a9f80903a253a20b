import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { PdfRenderReply, PdfRenderRequest } from './pdf-render-protocol';

/**
 * Worker thread of PdfRasteriser: renders page 1 of one PDF with pdfjs-dist and @napi-rs/canvas, then
 * ends. Both packages are ESM; this file compiles to CommonJS, where TypeScript (module node16) keeps
 * `import()` as a real dynamic import, so Node loads them as ES modules. Fonts, CMaps, ICC profiles
 * and the wasm decoders come from the pdfjs-dist package on disk: nothing is fetched.
 */
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs', { with: { 'resolution-mode': 'import' } });
type PdfPage = Awaited<ReturnType<Awaited<ReturnType<PdfJs['getDocument']>['promise']>['getPage']>>;
type RenderParameters = Parameters<PdfPage['render']>[0];

const PDFJS_ROOT = dirname(require.resolve('pdfjs-dist/package.json'));
const asset = (folder: string) => join(PDFJS_ROOT, folder) + '/';

async function render(request: PdfRenderRequest): Promise<PdfRenderReply> {
  const pdfjs: PdfJs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { createCanvas } = await import('@napi-rs/canvas');
  const task = pdfjs.getDocument({
    data: request.pdf,
    standardFontDataUrl: asset('standard_fonts'),
    cMapUrl: asset('cmaps'),
    cMapPacked: true,
    iccUrl: asset('iccs'),
    wasmUrl: asset('wasm'),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    enableXfa: false,
    stopAtErrors: true,
    maxImageSize: request.maxImagePixels,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    const document = await task.promise;
    const pageCount = document.numPages;
    if (pageCount < 1) return { ok: false, reasonCode: 'PDF_EMPTY' };
    if (pageCount > request.maxPages) return { ok: false, reasonCode: 'PDF_TOO_MANY_PAGES' };
    const page = await document.getPage(1);
    const unit = page.getViewport({ scale: 1 });
    if (!(unit.width >= 1 && unit.height >= 1 && Number.isFinite(unit.width) && Number.isFinite(unit.height))) {
      return { ok: false, reasonCode: 'PDF_MALFORMED' };
    }
    const scale = Math.min(
      request.dpi / 72,
      Math.sqrt(request.maxPixels / (unit.width * unit.height)),
      request.maxSide / unit.width,
      request.maxSide / unit.height,
    );
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    // @napi-rs/canvas stands in for the DOM canvas pdfjs's types name (pdfjs-dist's own Node example does the same).
    const parameters = { canvas, canvasContext: context, viewport, background: '#ffffff' };
    await page.render(parameters as unknown as RenderParameters).promise;
    const rgba = context.getImageData(0, 0, width, height).data;
    return { ok: true, rgba: new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.byteLength), width, height, pageCount };
  } finally {
    await task.destroy();
  }
}

/** pdfjs's exception names (its exception classes are not all exported) mapped to the reason codes. */
function reasonOf(error: unknown): PdfRenderReply {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') return { ok: false, reasonCode: 'PDF_ENCRYPTED' };
  if (error instanceof RangeError) return { ok: false, reasonCode: 'PDF_TOO_COMPLEX' };
  return { ok: false, reasonCode: 'PDF_MALFORMED' };
}

render(workerData as PdfRenderRequest).then(
  (reply) => parentPort?.postMessage(reply, reply.ok ? [reply.rgba.buffer as ArrayBuffer] : []),
  (error: unknown) => parentPort?.postMessage(reasonOf(error)),
);
