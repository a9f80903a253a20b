import type { SelfieAnalysis } from '@kyc/face';
import { SelfieAnalysisUnavailable, judgeSelfie, livenessVerdict } from './face-checks';

const timings = { decodeMs: 0, detectMs: 0, landmarksMs: 0, alignMs: 0, embedMs: 0 };
const quality = { faceSize: 120, blur: 0, exposure: 0, yaw: 0, pitch: 0, roll: 0 } as never;
const face = {
  box: { x: 0, y: 0, width: 100, height: 100 },
  detectorScore: 0.9,
  landmarks: [],
  embedding: new Float32Array(128).fill(0.1),
  quality,
};

function analysed(liveness: Record<string, unknown>, overrides: Record<string, unknown> = {}): SelfieAnalysis {
  return {
    kind: 'analysed',
    face: { kind: 'face', face, faceCount: 1, detection: 'detector', timings, ...overrides },
    liveness: { details: {}, ...liveness },
    timingsMs: { face: 1, liveness: 1, total: 2 },
  } as unknown as SelfieAnalysis;
}

describe('judgeSelfie', () => {
  it("rejects a spoof with the spec's REASON|<reason>|<sub_reason> details and records nothing", () => {
    expect(judgeSelfie(analysed({ isLive: false, confidence: 0.9, reason: 'SPOOF', subReason: 'SCREEN' }))).toEqual({
      accepted: false,
      details: 'REASON|SPOOF|SCREEN',
    });
  });

  it('records a live face with its embedding and confidence', () => {
    const verdict = judgeSelfie(analysed({ isLive: true, confidence: 0.97 }));
    expect(verdict).toMatchObject({ accepted: true, selfie: { status: 'live', confidence: 0.97, faceDetected: true, qualityReasons: [] } });
    if (verdict.accepted) expect(verdict.selfie.embedding).toHaveLength(128);
  });

  it('accepts but marks unfit: several faces, poor quality, or liveness without a verdict', () => {
    expect(judgeSelfie(analysed({ isLive: true, confidence: 0.9 }, { faceCount: 2 }))).toMatchObject({
      selfie: { status: 'low_quality', qualityReasons: ['multiple_faces'] },
    });
    expect(judgeSelfie(analysed({ isLive: true, confidence: 0.9 }, { kind: 'low_quality', reasons: ['blurry'] }))).toMatchObject({
      selfie: { status: 'low_quality', qualityReasons: ['blurry'] },
    });
    expect(judgeSelfie(analysed({ isLive: false, confidence: 0, reason: 'IMAGE_QUALITY', subReason: 'TOO_DARK' }))).toMatchObject({
      selfie: { status: 'low_quality', confidence: 0, qualityReasons: ['liveness_too_dark'] },
    });
  });

  it('accepts a selfie without a face as no_face (KYC_021 at submit)', () => {
    expect(judgeSelfie({ kind: 'no_face', reason: 'not_detected', timings })).toMatchObject({
      accepted: true,
      selfie: { status: 'no_face', faceDetected: false, embedding: null },
    });
    expect(judgeSelfie({ kind: 'invalid_image', reason: 'too_small', detail: '20x20' })).toMatchObject({ selfie: { status: 'no_face' } });
  });

  it("treats a failure of the models as ours, not the caller's", () => {
    expect(() => judgeSelfie({ kind: 'error', message: 'boom' })).toThrow(SelfieAnalysisUnavailable);
    expect(() => judgeSelfie(analysed({ isLive: false, confidence: 0, reason: 'INTERNAL', subReason: 'MODEL_UNAVAILABLE' }))).toThrow(
      SelfieAnalysisUnavailable,
    );
  });
});

describe('livenessVerdict', () => {
  it('reduces an analysed selfie to its liveness', () => {
    expect(livenessVerdict(analysed({ isLive: true, confidence: 0.97 }))).toEqual({ isLive: true, confidence: 0.97 });
    expect(livenessVerdict(analysed({ isLive: false, confidence: 0.9, reason: 'SPOOF', subReason: 'SCREEN' }))).toEqual({
      isLive: false,
      confidence: 0.9,
    });
  });

  it('calls no face not live', () => {
    expect(livenessVerdict({ kind: 'no_face', reason: 'not_detected', timings })).toEqual({ isLive: false, confidence: 0 });
  });

  it('treats a failure of the models as ours', () => {
    expect(() => livenessVerdict({ kind: 'error', message: 'boom' })).toThrow(SelfieAnalysisUnavailable);
    expect(() => livenessVerdict(analysed({ isLive: false, confidence: 0, reason: 'INTERNAL', details: { message: 'x' } }))).toThrow(
      SelfieAnalysisUnavailable,
    );
  });
});
