import type { CodePair } from './metrics';

/** One image on which a code was raised without being expected (fp) or expected and not raised (fn). */
export interface CodeError {
  image: string;
  kind: 'fp' | 'fn';
  /** The analyzer's own detail for the code when it gave one (authenticity signals do), to see why it fired. */
  detail?: string;
}

export interface ImageCodes extends CodePair {
  image: string;
  details?: Record<string, string>;
}

/**
 * The images behind each code's false positives and false negatives, so a precision or recall figure can be
 * traced to the images (and the analyzer's reasons) that make it up.
 */
export function codeErrors(images: ImageCodes[]): Record<string, CodeError[]> {
  const errors: Record<string, CodeError[]> = {};
  for (const { image, expected, predicted, details } of images) {
    const add = (code: string, kind: CodeError['kind']) => {
      const detail = details?.[code];
      (errors[code] ??= []).push({ image, kind, ...(detail ? { detail } : {}) });
    };
    for (const code of new Set(predicted)) if (!expected.includes(code)) add(code, 'fp');
    for (const code of new Set(expected)) if (!predicted.includes(code)) add(code, 'fn');
  }
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => a.localeCompare(b)));
}
