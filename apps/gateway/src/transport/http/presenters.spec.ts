import { common, type session } from '@kyc/contracts';
import { presentVerification, presentWidgetSession } from './presenters';

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

describe(presentWidgetSession.name, () => {
  const widgetSession = (nextAction: string): session.WidgetSession => ({
    session: {
      id: 's1',
      status: common.SessionStatus.SESSION_STATUS_ACTION_REQUIRED,
      embedToken: '',
      expiresAt: 'e',
      createdAt: 'c',
      updatedAt: 'u',
      widgetUrl: 'w',
      qrCodeUrl: 'q',
      allowManualUpload: false,
      testMode: false,
      clientMetadataJson: '{"email":"someone@example.com","userId":"u-1"}',
      projectId: 'p1',
      environment: common.ProjectEnvironment.PROJECT_ENVIRONMENT_SANDBOX,
      userConsent: true,
      consentTimestamp: 't',
    },
    language: 'uk',
    poaRequired: true,
    nextAction,
    branding: {
      projectId: 'p1',
      environment: common.ProjectEnvironment.PROJECT_ENVIRONMENT_SANDBOX,
      colorPrimary: '#0b6e4f',
      colorOnPrimary: '#ffffff',
      colorText: '#1a1d24',
      colorMutedText: '#53565b',
      colorSurface: '#ffffff',
      colorBackground: '#eef3f1',
      cornerRadiusPx: 4,
      fontFamily: 'Georgia, serif',
      logoSha256: 'ab'.repeat(32),
      updatedAt: 'b',
    },
  });

  it('answers what the page shows and follows, and nothing of the integrator (no client metadata, project or token)', () => {
    const presented = presentWidgetSession(widgetSession('resubmit_back'));
    expect(presented).toEqual({
      sessionId: 's1',
      status: 'action_required',
      language: 'uk',
      testMode: false,
      allowManualUpload: false,
      poaRequired: true,
      userConsent: true,
      nextAction: 'resubmit_back',
      expiresAt: 'e',
      designTokens: expect.objectContaining({
        logoUrl: `/v1/public/branding/logos/${'ab'.repeat(32)}.png`,
        cssVariables: {
          '--kyc-primary': '#0b6e4f',
          '--kyc-primary-text': '#ffffff',
          '--kyc-text': '#1a1d24',
          '--kyc-muted': '#53565b',
          '--kyc-surface': '#ffffff',
          '--kyc-page': '#eef3f1',
          '--kyc-radius': '4px',
          '--kyc-font': 'Georgia, serif',
        },
      }),
    });
    expect(JSON.stringify(presented)).not.toMatch(/someone@example.com|p1|widgetUrl/);
  });

  it('has no nextAction when the session asks for none', () => {
    expect(presentWidgetSession(widgetSession('')).nextAction).toBeNull();
  });
});
