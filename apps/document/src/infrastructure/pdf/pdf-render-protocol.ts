/** What PdfRasteriser posts to its worker (as workerData) and what the worker answers. */
export interface PdfRenderRequest {
  pdf: Uint8Array;
  dpi: number;
  maxPixels: number;
  maxSide: number;
  maxPages: number;
  maxImagePixels: number;
}

export type PdfRenderFailure = 'PDF_ENCRYPTED' | 'PDF_MALFORMED' | 'PDF_TOO_COMPLEX' | 'PDF_EMPTY' | 'PDF_TOO_MANY_PAGES';

export type PdfRenderReply =
  { ok: true; rgba: Uint8Array; width: number; height: number; pageCount: number } | { ok: false; reasonCode: PdfRenderFailure };
