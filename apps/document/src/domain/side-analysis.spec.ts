import { testModeAnalysis, testModeEvidence } from './side-analysis';

describe('document side analysis', () => {
  it('answers test mode like a clean ID card or passport', () => {
    expect(testModeAnalysis('front')).toMatchObject({
      detectedDocumentType: 'id_card',
      requiresBackSide: true,
      isValidDocument: true,
      issueCodes: [],
    });
    expect(testModeAnalysis('main')).toMatchObject({ detectedDocumentType: 'passport', requiresBackSide: false });
  });

  it('reads the persona for test-mode evidence', () => {
    expect(testModeEvidence('bob.approved@example.com')).toMatchObject({ documentType: 'passport', firstName: 'Bob', analysed: true });
  });
});
