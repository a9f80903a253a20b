import { RETAKE_REASONS, endingOfError, endingOfStatus, firstSideOf, nextAfterSide, retakeReasonOf, sideOfNextAction } from './flow';
import { en } from './i18n/en';

describe('widget flow', () => {
  it('captures a passport page alone and a card front, then its back when the upload says one is needed', () => {
    expect(firstSideOf('passport')).toBe('main');
    expect(firstSideOf('id_card')).toBe('front');
    expect(nextAfterSide('front', true)).toBe('back');
    expect(nextAfterSide('front', false)).toBe('selfie');
    expect(nextAfterSide('main', undefined)).toBe('selfie');
    expect(nextAfterSide('back', true)).toBe('selfie');
  });

  it('asks action_required for the named side only', () => {
    expect(sideOfNextAction('resubmit_back')).toBe('back');
    expect(sideOfNextAction('resubmit_front')).toBe('front');
    expect(sideOfNextAction(null)).toBeNull();
  });

  it('explains KYC_007 / KYC_015 by their reasonCode, unknown codes generically, and treats other errors as no retake', () => {
    expect(retakeReasonOf('KYC_007', 'DOCUMENT_QUALITY_TOO_LOW')).toBe('DOCUMENT_QUALITY_TOO_LOW');
    expect(retakeReasonOf('KYC_015', 'DOCUMENT_MIXING_SUSPECTED')).toBe('DOCUMENT_MIXING_SUSPECTED');
    expect(retakeReasonOf('KYC_007', 'SOMETHING_NEW')).toBe('GENERIC');
    expect(retakeReasonOf('KYC_007', null)).toBe('GENERIC');
    expect(retakeReasonOf('KYC_008b', 'REASON|SPOOF|SCREEN')).toBe('SELFIE_NOT_LIVE');
    expect(retakeReasonOf('KYC_021', null)).toBe('SELFIE_NO_FACE');
    expect(retakeReasonOf('KYC_006', null)).toBeNull();
    expect(retakeReasonOf('KYC_SESSION_CLOSED', null)).toBeNull();
  });

  it('has a human explanation for every retake reason', () => {
    for (const reason of RETAKE_REASONS) expect(en.retake.reasons[reason]).toEqual(expect.any(String));
  });

  it('ends on the result the status calls for, and on expiry, closure or a bad token whatever the screen', () => {
    expect(endingOfStatus('completed')).toBe('completed');
    expect(endingOfStatus('manual_review')).toBe('review');
    expect(endingOfStatus('failed')).toBe('failed');
    expect(endingOfStatus('action_required')).toBeNull();
    expect(endingOfError(400, 'KYC_003')).toBe('expired');
    expect(endingOfError(409, 'KYC_SESSION_CLOSED')).toBe('closed');
    expect(endingOfError(401, 'UNAUTHENTICATED')).toBe('invalid');
    expect(endingOfError(400, 'KYC_007')).toBeNull();
  });
});
