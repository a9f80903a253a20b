import type { SideAnalysis } from '@kyc/document-intelligence';
import type { RecordedSide } from '../domain/side-judgement';

/** Builders for domain tests: a clean, recognised side unless told otherwise. */
export function recordedSide(overrides: Partial<RecordedSide> = {}): RecordedSide {
  return {
    side: 'main',
    documentType: 'passport',
    detectionConfidence: 0.95,
    requiresBackSide: false,
    problems: [],
    authenticitySignals: [],
    extractedData: {
      firstName: 'ANNA',
      lastName: 'MUSTER',
      fullName: 'ANNA MUSTER',
      dateOfBirth: '1990-02-03',
      expiryDate: '2031-01-01',
      documentNumber: 'C01X00T47',
      nationality: 'DEU',
      sex: 'F',
    },
    mrz: { format: 'TD3', valid: true, documentCode: 'P', issuingState: 'D', failedCheckDigits: [], anomalies: 0, repairs: 0 },
    portrait: { checked: true, found: true, confidence: 0.9, box: { x: 0.1, y: 0.2, width: 0.2, height: 0.3 } },
    rotation: 0,
    quality: {
      blur: 120,
      brightness: 150,
      glare: 0,
      width: 1400,
      height: 1000,
      saturation: 0.3,
      colourfulShare: 0.3,
      highFrequencyRatio: 0.1,
    },
    analysisMs: 1200,
    ...overrides,
  };
}

export function libraryAnalysis(overrides: Partial<SideAnalysis> = {}): SideAnalysis {
  return {
    side: 'main',
    detectedDocumentType: 'passport',
    detectionConfidence: 0.95,
    requiresBackSide: false,
    mrz: {
      format: 'TD3',
      lines: ['P<D<<MUSTER<<ANNA', '…'],
      rawLines: [],
      valid: true,
      fields: { documentCode: { value: 'P' }, issuingState: { value: 'D' }, surname: { value: 'MUSTER', valid: true } },
      checkDigits: [
        { name: 'documentNumber', valid: true },
        { name: 'birthDate', valid: true },
      ],
      repairs: [],
      anomalies: [],
    },
    viz: { surname: 'Muster', raw: { surname: 'Muster' }, text: 'passport reisepass' },
    extractedData: { firstName: 'ANNA', lastName: 'MUSTER', fullName: 'ANNA MUSTER' },
    problems: [],
    authenticitySignals: [],
    issues: [],
    quality: {
      blur: 120,
      brightness: 150,
      glare: 0,
      width: 1400,
      height: 1000,
      saturation: 0.3,
      colourfulShare: 0.3,
      highFrequencyRatio: 0.1,
    },
    portrait: { checked: true, found: true, confidence: 0.9 },
    rotation: 0,
    timingsMs: { ocr: 900, mrz: 5, total: 1100 },
    ...overrides,
  };
}
