export type MrzFormat = 'TD1' | 'TD2' | 'TD3' | 'FRA_ID';

export interface MrzField {
  value: string;
  /** Absent when the MRZ gives no way to judge the field (free optional data). */
  valid?: boolean;
}

export interface MrzCheckDigit {
  name: 'documentNumber' | 'birthDate' | 'expiryDate' | 'personalNumber' | 'optionalData' | 'composite';
  valid: boolean;
}

export interface MrzReading {
  format: MrzFormat;
  /** The lines as parsed, after field-type repairs. */
  lines: string[];
  /** The lines as they came in (upper-cased, spaces removed). */
  rawLines: string[];
  /** Every check digit passes and the layout (lengths, character set) is sound. */
  valid: boolean;
  fields: Record<string, MrzField>;
  checkDigits: MrzCheckDigit[];
  /** What was changed and why: letter↔digit by field type, filler-run length. Never driven by a check digit. */
  repairs: string[];
  /** Structural problems found: wrong line length, illegal characters, impossible dates. */
  anomalies: string[];
}

export type MrzReadResult = { ok: true; reading: MrzReading } | { ok: false; reason: 'NO_LINES' | 'UNKNOWN_LAYOUT'; detail: string };
