import { readFileSync } from 'fs';
import { join } from 'path';
import { decodeToRgb } from '../decode-image';
import { LIVE_CLASS, MINIFASNET_MODELS } from '../minifasnet-models';
import { runMiniFasNet } from '../minifasnet-session';
import { cropToBgrTensor, upstreamCropRect } from '../upstream-crop';
import { SPOOF_DEV_BOXES, SPOOF_DEV_DIR } from '../../testing/spoof-dev';

/**
 * The converted models against their reference: upstream test.py sums the softmax of both models
 * on its crops and takes the argmax (1 = real). Its sample images F1, F2 are fakes, T1 is real.
 */
const labels = readFileSync(join(SPOOF_DEV_DIR, 'labels.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(','));

describe('converted MiniFASNetV2 + MiniFASNetV1SE reproduce the upstream verdicts', () => {
  it.each(labels)('%s is %s', async (file, label) => {
    const decoded = await decodeToRgb(readFileSync(join(SPOOF_DEV_DIR, file)));
    if (!decoded.ok) throw new Error(`could not decode ${file}`);
    const sum = [0, 0, 0];
    for (const model of MINIFASNET_MODELS) {
      const rect = upstreamCropRect(decoded.image.width, decoded.image.height, SPOOF_DEV_BOXES[file], model.cropScale);
      const probabilities = await runMiniFasNet(model, cropToBgrTensor(decoded.image, rect, model.inputSize));
      expect(probabilities).toHaveLength(3);
      expect(probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
      probabilities.forEach((p, i) => (sum[i] += p));
    }
    const verdict = sum.indexOf(Math.max(...sum)) === LIVE_CLASS ? 'live' : 'spoof';
    expect(verdict).toBe(label);
    // Not a coin toss: the winning class holds most of the summed probability mass.
    expect(Math.max(...sum) / 2).toBeGreaterThan(0.75);
  });
});
