import { common, type session } from '@kyc/contracts';
import { presentVerification } from './presenters';

const EXTRACTED: session.ExtractedData = {
  fullName: '',
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  nationality: '',
  sex: '',
  documentNumber: '',
  issueDate: '',
  expiryDate: '',
  placeOfBirth: '',
};

function verificationWith(attempt: Partial<session.Attempt>, status = common.SessionStatus.SESSION_STATUS_FAILED): session.Verification {
  return {
    sessionId: 's1',
    status,
    testMode: false,
    clientMetadataJson: '{}',
    createdAt: 'c',
    expiresAt: 'e',
    updatedAt: 'u',
    hasVerification: true,
    issueCodes: [],
    nextAction: '',
    verification: {
      id: 'a1',
      status: common.AttemptStatus.ATTEMPT_STATUS_FAILED,
      confidence: 0.2,
      documentType: '',
      faceMatchStatus: '',
      faceMatchScore: 0,
      poaStatus: '',
      failureReason: 'KYC_013',
      isReused: false,
      extractedData: EXTRACTED,
      createdAt: 'c',
      hasFaceMatchScore: false,
      ...attempt,
    },
  };
}

describe(presentVerification.name, () => {
  it('leaves out documentType, faceMatchStatus and faceMatchScore while unknown (spec 2.9 types them string and number)', () => {
    const read = presentVerification(verificationWith({})).verification as Record<string, unknown>;
    expect(read).not.toHaveProperty('documentType');
    expect(read).not.toHaveProperty('faceMatchStatus');
    expect(read).not.toHaveProperty('faceMatchScore');
    // poaStatus and failureReason are "string or null" in 2.9.
    expect(read).toMatchObject({ poaStatus: null, failureReason: 'KYC_013' });
  });

  it('shows them once known, a score of 0 included', () => {
    const read = presentVerification(
      verificationWith({ documentType: 'passport', faceMatchStatus: 'NOT_MATCHED', faceMatchScore: 0, hasFaceMatchScore: true }),
    );
    expect(read.verification).toMatchObject({ documentType: 'passport', faceMatchStatus: 'NOT_MATCHED', faceMatchScore: 0 });
  });
});
