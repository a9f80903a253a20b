import { AdmissionGate } from './admission-gate';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe(AdmissionGate.name, () => {
  it('runs up to maxConcurrent at once, queues up to maxQueued in order, and refuses the next at once (retryable 503)', async () => {
    const gate = new AdmissionGate('document service', { maxConcurrent: 2, maxQueued: 2, retryAfterSeconds: 3 });
    const releases = Array.from({ length: 4 }, deferred);
    const started: number[] = [];
    const calls = releases.map((release, i) =>
      gate.run(async () => {
        started.push(i);
        await release.promise;
        return i;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    expect(gate.load).toEqual({ running: 2, waiting: 2 });

    await expect(gate.run(async () => 'late')).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      details: { retryAfterSeconds: 3 },
      message: expect.stringContaining('document service is at capacity'),
    });

    releases[1].resolve();
    await calls[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const release of releases) release.resolve();
    await expect(Promise.all(calls)).resolves.toEqual([0, 1, 2, 3]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a call that throws', async () => {
    const gate = new AdmissionGate('biometrics service', { maxConcurrent: 1, maxQueued: 0, retryAfterSeconds: 1 });
    await expect(gate.run(async () => Promise.reject(new Error('model failed')))).rejects.toThrow('model failed');
    await expect(gate.run(async () => 'next')).resolves.toBe('next');
  });
});
