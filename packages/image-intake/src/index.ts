import sharp from 'sharp';
import { ErrorCode, KycError } from '@kyc/errors';

/** Document and selfie images: JPG or PNG, at most 10 MB (spec 4.4, part 8). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Decoding refuses more pixels than this, so a decompression bomb is a clean KYC_006, not an OOM. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export type ImageType = 'jpeg' | 'png';

/** The type by magic bytes; the file name and the declared content type are never trusted. */
export function sniffImageType(image: Buffer): ImageType | null {
  if (image.length >= 3 && image[0] === 0xff && image[1] === 0xd8 && image[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (image.length >= 8 && png.every((byte, i) => image[i] === byte)) return 'png';
  return null;
}

/** The cheap checks, done before an image crosses to a service. */
export function assertAcceptableUpload(image: Buffer): ImageType {
  if (image.length === 0) throw new KycError(ErrorCode.IMAGE_INVALID, 'The image is empty');
  if (image.length > MAX_IMAGE_BYTES) throw new KycError(ErrorCode.IMAGE_INVALID, 'The image is larger than 10 MB');
  const type = sniffImageType(image);
  if (!type) throw new KycError(ErrorCode.IMAGE_INVALID, 'The image must be a JPG or PNG');
  return type;
}

/** Proof of address: a PDF or an image, at most 10 MB (the same cap as document images). */
export const MAX_PROOF_OF_ADDRESS_BYTES = MAX_IMAGE_BYTES;

export type ProofOfAddressType = 'pdf' | ImageType;

/** details.reasonCode of a refused proof-of-address file (KYC_006). */
export type ProofOfAddressIntakeReason = 'EMPTY_FILE' | 'FILE_TOO_LARGE' | 'UNSUPPORTED_TYPE' | 'DECLARED_TYPE_MISMATCH';

/** What the upload said it was: the multipart part's content type and file name. Neither decides the type. */
export interface DeclaredFileType {
  contentType?: string;
  fileName?: string;
}

const PDF_MARKER = Buffer.from('%PDF-', 'latin1');
/** PDF 32000-1, Annex H / Acrobat: the header may follow up to 1024 bytes of leading junk. */
const PDF_HEADER_WINDOW = 1024;

/** A PDF by its header within the first 1024 bytes, else JPEG or PNG by magic bytes at offset 0. */
export function sniffProofOfAddressType(bytes: Buffer): ProofOfAddressType | null {
  const image = sniffImageType(bytes);
  if (image) return image;
  return bytes.subarray(0, PDF_HEADER_WINDOW).includes(PDF_MARKER) ? 'pdf' : null;
}

/** 'other' is a specific type that is none of the three; null says nothing (absent or generic). */
type Claim = ProofOfAddressType | 'other' | null;

const CONTENT_TYPES: Record<string, ProofOfAddressType> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/x-png': 'png',
};
const GENERIC_CONTENT_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/binary']);

const EXTENSIONS: Record<string, ProofOfAddressType | 'other'> = {
  pdf: 'pdf',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jpe: 'jpeg',
  jfif: 'jpeg',
  png: 'png',
  // Other document and image types a file name can claim: a PNG named .gif is as mislabelled as one named .pdf.
  gif: 'other',
  webp: 'other',
  heic: 'other',
  heif: 'other',
  tif: 'other',
  tiff: 'other',
  bmp: 'other',
  svg: 'other',
  doc: 'other',
  docx: 'other',
  txt: 'other',
  html: 'other',
  htm: 'other',
};

function claimOfContentType(contentType: string | undefined): Claim {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (GENERIC_CONTENT_TYPES.has(type)) return null;
  return CONTENT_TYPES[type] ?? 'other';
}

/** Unknown extensions (statement.2024-11, scan.bin) claim nothing. */
function claimOfFileName(fileName: string | undefined): Claim {
  const match = /\.([A-Za-z0-9]+)$/.exec((fileName ?? '').trim());
  return match ? (EXTENSIONS[match[1].toLowerCase()] ?? null) : null;
}

const refuse = (message: string, reasonCode: ProofOfAddressIntakeReason) => new KycError(ErrorCode.IMAGE_INVALID, message, { reasonCode });

/**
 * The cheap checks of a proof-of-address upload, before it crosses to a service: not empty, at most
 * 10 MB, a PDF, JPEG or PNG by its bytes. The content decides the type; a declared type (content type
 * or file extension) naming another one is refused (DECLARED_TYPE_MISMATCH): a PoA accepts two
 * families, and a PNG renamed .pdf or a PDF sent as image/png is what a bad upload looks like.
 * Generic declarations (application/octet-stream, no name, no extension) are fine.
 */
export function assertAcceptableProofOfAddress(bytes: Buffer, declared: DeclaredFileType = {}): ProofOfAddressType {
  if (bytes.length === 0) throw refuse('The document is empty', 'EMPTY_FILE');
  if (bytes.length > MAX_PROOF_OF_ADDRESS_BYTES) throw refuse('The document is larger than 10 MB', 'FILE_TOO_LARGE');
  const type = sniffProofOfAddressType(bytes);
  if (!type) throw refuse('The document must be a PDF, JPG or PNG', 'UNSUPPORTED_TYPE');
  for (const claim of [claimOfContentType(declared.contentType), claimOfFileName(declared.fileName)]) {
    if (claim !== null && claim !== type) throw refuse('The file type does not match its content', 'DECLARED_TYPE_MISMATCH');
  }
  return type;
}

export interface DecodedImage {
  /** Re-encoded with EXIF orientation applied and every metadata block stripped. */
  image: Buffer;
  width: number;
  height: number;
  format: ImageType;
}

/**
 * Fully decodes the image under a pixel limit, failing on truncation, and re-encodes it so that
 * nothing hidden in the original (metadata, trailing bytes) survives.
 */
export async function decodeImage(input: Buffer): Promise<DecodedImage> {
  const format = assertAcceptableUpload(input);
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', sequentialRead: true }).rotate();
    const { data, info } = await (format === 'png' ? pipeline.png() : pipeline.jpeg({ quality: 92 })).toBuffer({ resolveWithObject: true });
    return { image: data, width: info.width, height: info.height, format };
  } catch (error) {
    const reason = /pixel limit/i.test(String((error as Error).message))
      ? 'The image has too many pixels'
      : 'The image could not be decoded';
    throw new KycError(ErrorCode.IMAGE_INVALID, reason);
  }
}

/** A branding logo as uploaded: JPG or PNG, at most 2 MB. */
export const MAX_LOGO_UPLOAD_BYTES = 2 * 1024 * 1024;
/** The box a logo is fitted into (never enlarged): wide enough for a word mark, as tall as the pages show it. */
export const LOGO_BOX = { width: 600, height: 200 } as const;

/**
 * A logo for the hosted pages: decoded under the pixel limit (a bomb is refused, not decoded),
 * fitted into LOGO_BOX and re-encoded as PNG with every metadata block stripped, so the bytes we
 * serve on the integrator's behalf are ours, small and inert.
 */
export async function normaliseLogo(input: Buffer): Promise<Buffer> {
  if (input.length > MAX_LOGO_UPLOAD_BYTES) throw new KycError(ErrorCode.IMAGE_INVALID, 'The logo is larger than 2 MB');
  await decodeImage(input);
  return sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' })
    .rotate()
    .resize({ ...LOGO_BOX, fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
