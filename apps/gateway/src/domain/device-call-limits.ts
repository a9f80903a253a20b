/**
 * Spec part 8: device-side /v1/kyc/* calls per session in a 3-minute window. The window opens
 * at a session's first call of a kind and closes 3 minutes later; the next call opens a new one.
 */
export const DEVICE_CALL_WINDOW_MS = 3 * 60_000;

export const DEVICE_CALL_LIMITS = {
  document_upload: 20,
  face_or_liveness: 15,
  proof_of_address: 6,
  consent: 5,
  complete: 8,
} as const;

export type DeviceCallKind = keyof typeof DEVICE_CALL_LIMITS;

/** A session's count of one kind of call in its current window, the call just made included. */
export interface DeviceCallWindow {
  calls: number;
  windowStartedAt: Date;
}

export type DeviceCallAdmission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

export function admitDeviceCall(kind: DeviceCallKind, window: DeviceCallWindow, now: Date): DeviceCallAdmission {
  if (window.calls <= DEVICE_CALL_LIMITS[kind]) return { admitted: true };
  const closesAt = window.windowStartedAt.getTime() + DEVICE_CALL_WINDOW_MS;
  return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((closesAt - now.getTime()) / 1000)) };
}
