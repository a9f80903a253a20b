import sharp from 'sharp';
import { type Prng } from '@kyc/document-generator';

/**
 * A mild phone capture of a clean document image, within the bounds: tilt ≤ 6°, Gaussian
 * blur σ ≤ 1.2, brightness × 0.8–1.15, JPEG quality 65–95. The generator's own degradations are
 * the hard cases of eval:documents (blur up to σ 3, JPEG down to 12), not what a person holding a
 * document still gets, so this eval draws its own.
 */
export const MILD_CAPTURE = { maxTiltDeg: 6, maxBlurSigma: 1.2, brightness: [0.8, 1.15], jpegQuality: [65, 95] } as const;

export interface CaptureParams {
  tiltDeg: number;
  /** 0 when the drawn σ is below what a blur can show (sharp's minimum is 0.3). */
  blurSigma: number;
  brightness: number;
  jpegQuality: number;
}

export function drawCapture(rng: Prng): CaptureParams {
  const sigma = rng.float(0, MILD_CAPTURE.maxBlurSigma);
  return {
    tiltDeg: Number(rng.float(-MILD_CAPTURE.maxTiltDeg, MILD_CAPTURE.maxTiltDeg).toFixed(2)),
    blurSigma: sigma < 0.3 ? 0 : Number(sigma.toFixed(2)),
    brightness: Number(rng.float(MILD_CAPTURE.brightness[0], MILD_CAPTURE.brightness[1]).toFixed(3)),
    jpegQuality: rng.int(MILD_CAPTURE.jpegQuality[0], MILD_CAPTURE.jpegQuality[1]),
  };
}

/** Applies the capture; the corners a tilt uncovers take the image's own corner colour (the table the document lies on). */
export async function capture(image: Buffer, params: CaptureParams): Promise<Buffer> {
  const { data } = await sharp(image)
    .extract({ left: 0, top: 0, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [r, g, b] = [data[0], data[1], data[2]];
  let pipeline = sharp(image).rotate(params.tiltDeg, { background: { r, g, b } });
  if (params.blurSigma > 0) pipeline = pipeline.blur(params.blurSigma);
  pipeline = pipeline.linear(params.brightness, 0);
  return pipeline.jpeg({ quality: params.jpegQuality, chromaSubsampling: '4:2:0' }).toBuffer();
}
