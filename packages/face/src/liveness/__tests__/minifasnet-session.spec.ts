import * as ort from 'onnxruntime-node';
import { MINIFASNET_MODELS } from '../minifasnet-models';
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
    const missing = '/nonexistent-models-dir';
    await expect(runMiniFasNet(MINIFASNET_MODELS[0], new Float32Array(3 * 80 * 80), missing)).rejects.toThrow();
    const create = jest.spyOn(ort.InferenceSession, 'create');
    await expect(runMiniFasNet(MINIFASNET_MODELS[0], new Float32Array(3 * 80 * 80), missing)).rejects.toThrow();
    expect(create).toHaveBeenCalledTimes(1);
    create.mockRestore();
  });
});
