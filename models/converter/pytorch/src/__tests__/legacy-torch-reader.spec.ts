import { readFileSync } from 'fs';
import { join } from 'path';
import { readLegacyStateDict } from '../legacy-torch-reader';
import { PickleError } from '../pickle-machine';
import { SILENT_FACE_DIR } from '../test-support/shared-data';

const conv = (o: number, i: number, k: number): number[] => [o, i, k, k];

describe('readLegacyStateDict on the Silent-Face checkpoints', () => {
  const v2 = readLegacyStateDict(readFileSync(join(SILENT_FACE_DIR, '2.7_80x80_MiniFASNetV2.pth')));
  const v1se = readLegacyStateDict(readFileSync(join(SILENT_FACE_DIR, '4_0_0_80x80_MiniFASNetV1SE.pth')));

  it('reads every tensor of both state_dicts', () => {
    // 334 = MiniFASNetV2's parameters + BN buffers; V1SE adds 3 SE modules × 12 entries.
    expect(v2.size).toBe(334);
    expect(v1se.size).toBe(370);
    for (const tensors of [v2, v1se]) {
      for (const [name, tensor] of tensors) {
        const count = tensor.shape.reduce((a, b) => a * b, 1);
        expect({ name, length: tensor.data.length }).toEqual({ name, length: count });
        if (name.endsWith('num_batches_tracked')) expect(tensor.dtype).toBe('int64');
        else expect(tensor.dtype).toBe('float32');
      }
    }
  });

  it('gives the shapes MiniFASNet.py defines for the 1.8M_ (V2) and 1.8M (V1SE) channel plans', () => {
    const shape = (t: typeof v2, name: string): number[] | undefined => t.get(`module.${name}`)?.shape;
    expect(shape(v2, 'conv1.conv.weight')).toEqual(conv(32, 3, 3));
    expect(shape(v2, 'conv2_dw.conv.weight')).toEqual(conv(32, 1, 3));
    // keep '1.8M_' [..., 64, 13, 13, 64, 13, ...]: conv_3 block 1 expands 64 → 13
    expect(shape(v2, 'conv_3.model.1.conv.conv.weight')).toEqual(conv(13, 64, 1));
    expect(shape(v1se, 'conv_3.model.1.conv.conv.weight')).toEqual(conv(26, 64, 1));
    expect(shape(v2, 'conv_4.model.0.conv_dw.conv.weight')).toEqual(conv(231, 1, 3));
    expect(shape(v2, 'conv_6_dw.conv.weight')).toEqual(conv(512, 1, 5));
    expect(shape(v2, 'linear.weight')).toEqual([128, 512]);
    expect(shape(v2, 'prob.weight')).toEqual([3, 128]);
    expect(shape(v1se, 'conv_4.model.5.se_module.fc1.weight')).toEqual(conv(32, 128, 1));
    expect(shape(v1se, 'conv_3.model.3.se_module.fc2.weight')).toEqual(conv(64, 16, 1));
    expect(shape(v2, 'conv_3.model.3.se_module.fc1.weight')).toBeUndefined();
    // A running variance is positive and the BN counters are integers saved as LongStorage.
    expect(Array.from(v2.get('module.conv1.bn.running_var')?.data ?? [], Number).every((v) => v > 0)).toBe(true);
    expect(v2.get('module.conv1.bn.num_batches_tracked')?.data[0]).toBe(92385n);
  });

  it('rejects a file that is not legacy torch serialization with a typed error', () => {
    expect(() => readLegacyStateDict(Uint8Array.from([0x50, 0x4b, 0x03, 0x04]))).toThrow(PickleError);
    const truncated = readFileSync(join(SILENT_FACE_DIR, '2.7_80x80_MiniFASNetV2.pth')).subarray(0, 100_000);
    expect(() => readLegacyStateDict(truncated)).toThrow(PickleError);
  });
});
