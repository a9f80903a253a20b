import { documentsReady, nextStepMessage, uploadedSides } from './upload-readiness';

describe('upload readiness', () => {
  it('needs front and back for two-sided documents', () => {
    expect(documentsReady({ front: true }, true)).toBe(false);
    expect(documentsReady({ front: true, back: true }, true)).toBe(true);
    expect(nextStepMessage({ front: true }, true)).toMatch(/back side/);
  });

  it('needs one side for passports', () => {
    expect(documentsReady({ main: true }, false)).toBe(true);
    expect(uploadedSides({ main: true }, false)).toEqual({ main: true });
    expect(nextStepMessage({ main: true }, false)).toMatch(/selfie/);
  });

  it('asks for nothing more once everything is in', () => {
    expect(nextStepMessage({ front: true, back: true, face: true }, true)).toMatch(/submit/);
    expect(uploadedSides({}, null)).toEqual({ front: false, back: false });
  });
});
