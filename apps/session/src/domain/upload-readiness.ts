import type { Uploads } from './session';

/** Whether the document sides are in: a back side when the document needs one, else any one side. */
export function documentsReady(uploads: Uploads, requiresBackSide: boolean | null): boolean {
  if (requiresBackSide) return Boolean(uploads.front && uploads.back);
  return Boolean(uploads.front || uploads.main);
}

export function uploadedSides(uploads: Uploads, requiresBackSide: boolean | null): Record<string, boolean> {
  if (requiresBackSide === false && uploads.main) return { main: true };
  return { front: Boolean(uploads.front), back: Boolean(uploads.back) };
}

export function nextStepMessage(uploads: Uploads, requiresBackSide: boolean | null): string {
  if (!uploads.front && !uploads.main) return 'Upload the front side of the document.';
  if (requiresBackSide && !uploads.back) return 'Upload the back side of the document.';
  if (requiresBackSide && !uploads.front) return 'Upload the front side of the document.';
  if (!uploads.face) return 'Upload the selfie.';
  return 'All images are in: submit the verification.';
}
