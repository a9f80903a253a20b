import { DEVICE_CALL_LIMITS, DEVICE_CALL_WINDOW_MS, admitDeviceCall } from './device-call-limits';

describe(admitDeviceCall.name, () => {
  const openedAt = new Date('2026-11-24T10:00:00Z');

  it('admits calls up to the limit of their kind', () => {
    expect(admitDeviceCall('face_or_liveness', { calls: 15, windowStartedAt: openedAt }, openedAt)).toEqual({ admitted: true });
    expect(admitDeviceCall('consent', { calls: 5, windowStartedAt: openedAt }, openedAt)).toEqual({ admitted: true });
    expect(admitDeviceCall('consent', { calls: 6, windowStartedAt: openedAt }, openedAt).admitted).toBe(false);
  });

  it('keeps the spec table (20 documents, 15 face or liveness, 6 proof of address, 5 consents, 8 completes)', () => {
    expect(DEVICE_CALL_LIMITS).toEqual({ document_upload: 20, face_or_liveness: 15, proof_of_address: 6, consent: 5, complete: 8 });
    expect(DEVICE_CALL_WINDOW_MS).toBe(180_000);
  });

  it('tells a refused caller when the window closes, in whole seconds, at least one', () => {
    const now = new Date(openedAt.getTime() + 60_500);
    expect(admitDeviceCall('face_or_liveness', { calls: 16, windowStartedAt: openedAt }, now)).toEqual({
      admitted: false,
      retryAfterSeconds: 120,
    });
    const atClose = new Date(openedAt.getTime() + DEVICE_CALL_WINDOW_MS);
    expect(admitDeviceCall('face_or_liveness', { calls: 16, windowStartedAt: openedAt }, atClose)).toEqual({
      admitted: false,
      retryAfterSeconds: 1,
    });
  });
});
