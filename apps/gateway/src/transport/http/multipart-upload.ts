import { ErrorCode, KycError } from '@kyc/errors';
import { assertAcceptableUpload } from '@kyc/image-intake';
import type { FastifyRequest } from 'fastify';

export interface MultipartUpload {
  fields: Record<string, string>;
  image: Buffer;
}

/**
 * Reads a multipart upload with one file field `images` (spec 4.4, 4.5). The size limit is
 * enforced while streaming (the plugin stops at 10 MB), and the type is checked by magic bytes
 * here, before anything crosses to a service.
 */
export async function readMultipartUpload(request: FastifyRequest): Promise<MultipartUpload> {
  if (!request.isMultipart()) throw new KycError(ErrorCode.IMAGE_INVALID, 'Send multipart/form-data with the image in the field "images"');
  const fields: Record<string, string> = {};
  let image: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname === 'images' && !image) {
        image = await part.toBuffer();
      } else {
        part.file.resume();
      }
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (!image) throw new KycError(ErrorCode.IMAGE_INVALID, 'The file field "images" is missing');
  assertAcceptableUpload(image);
  return { fields, image };
}
