import { session } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { assertAcceptableProofOfAddress, assertAcceptableUpload } from '@kyc/image-intake';
import type { FastifyRequest } from 'fastify';

export interface MultipartUpload {
  fields: Record<string, string>;
  image: Buffer;
}

interface MultipartFile {
  fields: Record<string, string>;
  file: Buffer;
  /** What the client said the file is: the part's content type and file name (checked against the content, never trusted). */
  declared: { contentType?: string; fileName?: string };
}

/**
 * Reads a multipart request with one file in `fieldName`. The size limit is enforced while
 * streaming (the plugin stops at 10 MB); other file parts are drained unread.
 */
async function readMultipartFile(request: FastifyRequest, fieldName: string): Promise<MultipartFile> {
  if (!request.isMultipart())
    throw new KycError(ErrorCode.IMAGE_INVALID, `Send multipart/form-data with the file in the field "${fieldName}"`);
  const fields: Record<string, string> = {};
  let found: Omit<MultipartFile, 'fields'> | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === fieldName && !found) {
          found = { file: await part.toBuffer(), declared: { contentType: part.mimetype, fileName: part.filename } };
        } else {
          part.file.resume();
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw malformedMultipart(error);
  }
  if (!found) throw new KycError(ErrorCode.IMAGE_INVALID, `The file field "${fieldName}" is missing`);
  return { fields, ...found };
}

/**
 * The multipart parser's own refusals (no boundary in the Content-Type, a body that ends inside a
 * part) are the caller's malformed request, not ours: they answered 500 before (schemathesis).
 * The plugin's limit errors keep their FST_ codes, mapped where all errors are.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|Unsupported Content-Type\.)$/;

export function malformedMultipart(error: unknown): unknown {
  if (error instanceof Error && !(error instanceof KycError) && MALFORMED_MULTIPART.test(error.message))
    return new KycError(ErrorCode.IMAGE_INVALID, `Malformed multipart/form-data: ${error.message}`);
  return error;
}

/** A document side or a selfie in the field `images` (spec 4.4, 4.5): JPG or PNG by magic bytes, checked before anything crosses to a service. */
export async function readMultipartUpload(request: FastifyRequest): Promise<MultipartUpload> {
  const { fields, file } = await readMultipartFile(request, 'images');
  assertAcceptableUpload(file);
  return { fields, image: file };
}

export interface ProofOfAddressUpload {
  fields: Record<string, string>;
  document: Buffer;
  mediaType: 'pdf' | 'jpeg' | 'png';
}

/**
 * A proof of address in the field `document` (spec 4.9 leaves the field names to us): PDF, JPG or
 * PNG by magic bytes, at most 10 MB, and not contradicting the type it was declared as.
 */
export async function readProofOfAddressUpload(request: FastifyRequest): Promise<ProofOfAddressUpload> {
  const { fields, file, declared } = await readMultipartFile(request, 'document');
  return { fields, document: file, mediaType: assertAcceptableProofOfAddress(file, declared) };
}

/** A branding logo in the field `logo` (admin API): JPG or PNG by magic bytes; normalised by the caller. */
export async function readLogoUpload(request: FastifyRequest): Promise<Buffer> {
  const { file } = await readMultipartFile(request, 'logo');
  assertAcceptableUpload(file);
  return file;
}

/** How an image was taken (the optional `capture` field): our widget sends `camera` for getUserMedia frames. */
export function captureOf(value: 'camera' | 'file' | undefined): session.Capture {
  if (value === 'camera') return session.Capture.CAPTURE_CAMERA;
  if (value === 'file') return session.Capture.CAPTURE_FILE;
  return session.Capture.CAPTURE_UNSPECIFIED;
}
