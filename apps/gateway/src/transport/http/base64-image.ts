import { ErrorCode, KycError } from '@kyc/errors';
import { MAX_IMAGE_BYTES, assertAcceptableUpload } from '@kyc/image-intake';

/** Base64 of the largest accepted image, plus room for a data-URL prefix and line breaks. */
export const MAX_BASE64_IMAGE_CHARS = Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 64 * 1024;

const DATA_URL_PREFIX = /^data:image\/(?:jpeg|jpg|png);base64,/i;
const STANDARD_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The image in a JSON `{ base64 }` body: standard base64, optionally as a data URL or wrapped
 * in lines, then the same checks as a multipart upload (JPG or PNG by magic bytes, ≤ 10 MB).
 * Node's decoder skips characters it does not know, so the alphabet is checked first: a
 * mangled string is the caller's mistake, not a silently different image.
 */
export function decodeBase64Image(encoded: string): Buffer {
  const compact = encoded.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (compact.length === 0) throw new KycError(ErrorCode.IMAGE_INVALID, 'base64 is empty');
  if (compact.length % 4 !== 0 || !STANDARD_BASE64.test(compact))
    throw new KycError(ErrorCode.IMAGE_INVALID, 'base64 is not valid standard base64');
  const image = Buffer.from(compact, 'base64');
  assertAcceptableUpload(image);
  return image;
}
