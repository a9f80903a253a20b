import { CHIP_SIZE } from '../alignment/face-chip';
import { toFloat32 } from '../image/bilinear-warp';
import { type RgbImage } from '../image/rgb-image';
import { runImageModel } from '../runtime/model-sessions';

/**
 * 128-d descriptor from FaceRecognitionNet (models/face-recognition-resnet.onnx), as the network
 * outputs it — not normalised: like dlib, whose metric it was trained for, compare descriptors by
 * Euclidean distance (see matching/match-score.ts for why).
 */
export const EMBEDDING_SIZE = 128;

export async function embedFaceChip(chip: RgbImage): Promise<Float32Array> {
  if (chip.width !== CHIP_SIZE || chip.height !== CHIP_SIZE) throw new Error(`face chip must be ${CHIP_SIZE}x${CHIP_SIZE}`);
  return Float32Array.from(await runImageModel('face-recognition-resnet.onnx', toFloat32(chip), CHIP_SIZE));
}
