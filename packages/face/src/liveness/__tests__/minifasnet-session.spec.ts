import * as ort from 'onnxruntime-node';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_MODELS_DIR, MINIFASNET_MODELS } from '../minifasnet-models';
import { runMiniFasNet } from '../minifasnet-session';

describe('runMiniFasNet sessions', () => {
  it('creates one session per model per process, lazily, shared by concurrent first calls', async () => {
    const create = jest.spyOn(ort.InferenceSession, 'create');
    expect(create).not.toHaveBeenCalled();
    const input = new Float32Array(3 * 80 * 80).fill(128);
    const runs = MINIFASNET_MODELS.flatMap((model) => [
      runMiniFasNet(model, input),
      runMiniFasNet(model, input),
      runMiniFasNet(model, input),
    ]);
    const results = await Promise.all(runs);
    await runMiniFasNet(MINIFASNET_MODELS[0], input);
    expect(create).toHaveBeenCalledTimes(MINIFASNET_MODELS.length);
    expect(results.every((p) => p.length === 3)).toBe(true);
    create.mockRestore();
  });

  it('forgets a failed load so that a later call can retry', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'minifasnet-retry-'));
    const model = MINIFASNET_MODELS[0];
    const input = new Float32Array(3 * 80 * 80);
    try {
      // Nothing there yet: the load fails (the model and the manifest that vouches for it are missing).
      await expect(runMiniFasNet(model, input, dir)).rejects.toThrow();
      copyFileSync(join(DEFAULT_MODELS_DIR, 'manifest.json'), join(dir, 'manifest.json'));
      copyFileSync(join(DEFAULT_MODELS_DIR, model.file), join(dir, model.file));
      await expect(runMiniFasNet(model, input, dir)).resolves.toHaveLength(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
