import { copyFileSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ModelIntegrityError } from '@kyc/model-integrity';
import { runMiniFasNet } from '../liveness/minifasnet-session';
import { MINIFASNET_MODELS } from '../liveness/minifasnet-models';
import { getSession, modelsDirectory } from './model-sessions';

/** The models load only as recorded in models/manifest.json (issue 26, item 13). */
describe('model files are verified before they load', () => {
  let dir: string;
  const previous = process.env.KYC_FACE_MODELS_DIR;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'face-models-'));
    copyFileSync(join(modelsDirectory(), 'manifest.json'), join(dir, 'manifest.json'));
  });
  afterEach(() => {
    if (previous === undefined) delete process.env.KYC_FACE_MODELS_DIR;
    else process.env.KYC_FACE_MODELS_DIR = previous;
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads the shipped detector', async () => {
    await expect(getSession('face-detector-tiny.onnx')).resolves.toBeDefined();
  });

  it('refuses a detector one byte different from the manifest', async () => {
    const bytes = readFileSync(join(modelsDirectory(), 'face-detector-tiny.onnx'));
    bytes[bytes.length - 1] ^= 0xff;
    process.env.KYC_FACE_MODELS_DIR = dir;
    writeFileSync(join(dir, 'face-detector-tiny.onnx'), bytes);
    await expect(getSession('face-detector-tiny.onnx')).rejects.toBeInstanceOf(ModelIntegrityError);
  });

  it('refuses a liveness model the manifest does not describe', async () => {
    const model = MINIFASNET_MODELS[0];
    writeFileSync(join(dir, model.file), Buffer.from('not the model'));
    await expect(runMiniFasNet(model, new Float32Array(3 * model.inputSize * model.inputSize), dir)).rejects.toBeInstanceOf(
      ModelIntegrityError,
    );
  });
});
