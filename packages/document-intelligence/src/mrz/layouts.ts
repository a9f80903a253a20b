import { type FieldKind } from './character-repair';
import { type MrzCheckDigit, type MrzFormat } from './types';

/** [line, start, endExclusive] */
export type Span = [number, number, number];

export interface FieldSpec {
  name: string;
  span: Span;
  kind: FieldKind;
}

export interface CheckDigitSpec {
  name: MrzCheckDigit['name'];
  covers: Span[];
  at: [number, number];
  /** ICAO lets an all-filler optional field carry '<' as its check digit. */
  fillerMeansEmpty?: boolean;
}

export interface MrzLayout {
  format: MrzFormat;
  lineCount: number;
  lineLength: number;
  fields: FieldSpec[];
  checkDigits: CheckDigitSpec[];
}

// ICAO 9303 part 5 (TD1), part 6 (TD2), part 4 (TD3).
export const TD3: MrzLayout = {
  format: 'TD3',
  lineCount: 2,
  lineLength: 44,
  fields: [
    { name: 'documentCode', span: [0, 0, 2], kind: 'alpha' },
    { name: 'issuingState', span: [0, 2, 5], kind: 'alpha' },
    { name: 'names', span: [0, 5, 44], kind: 'name' },
    { name: 'documentNumber', span: [1, 0, 9], kind: 'alnum' },
    { name: 'documentNumberCheck', span: [1, 9, 10], kind: 'check' },
    { name: 'nationality', span: [1, 10, 13], kind: 'alpha' },
    { name: 'birthDate', span: [1, 13, 19], kind: 'numeric' },
    { name: 'birthDateCheck', span: [1, 19, 20], kind: 'check' },
    { name: 'sex', span: [1, 20, 21], kind: 'sex' },
    { name: 'expiryDate', span: [1, 21, 27], kind: 'numeric' },
    { name: 'expiryDateCheck', span: [1, 27, 28], kind: 'check' },
    { name: 'personalNumber', span: [1, 28, 42], kind: 'optional' },
    { name: 'personalNumberCheck', span: [1, 42, 43], kind: 'check' }, // a digit, or '<' when the field is empty
    { name: 'compositeCheck', span: [1, 43, 44], kind: 'check' },
  ],
  checkDigits: [
    { name: 'documentNumber', covers: [[1, 0, 9]], at: [1, 9] },
    { name: 'birthDate', covers: [[1, 13, 19]], at: [1, 19] },
    { name: 'expiryDate', covers: [[1, 21, 27]], at: [1, 27] },
    { name: 'personalNumber', covers: [[1, 28, 42]], at: [1, 42], fillerMeansEmpty: true },
    {
      name: 'composite',
      covers: [
        [1, 0, 10],
        [1, 13, 20],
        [1, 21, 43],
      ],
      at: [1, 43],
    },
  ],
};

export const TD2: MrzLayout = {
  format: 'TD2',
  lineCount: 2,
  lineLength: 36,
  fields: [
    { name: 'documentCode', span: [0, 0, 2], kind: 'alpha' },
    { name: 'issuingState', span: [0, 2, 5], kind: 'alpha' },
    { name: 'names', span: [0, 5, 36], kind: 'name' },
    { name: 'documentNumber', span: [1, 0, 9], kind: 'alnum' },
    { name: 'documentNumberCheck', span: [1, 9, 10], kind: 'check' },
    { name: 'nationality', span: [1, 10, 13], kind: 'alpha' },
    { name: 'birthDate', span: [1, 13, 19], kind: 'numeric' },
    { name: 'birthDateCheck', span: [1, 19, 20], kind: 'check' },
    { name: 'sex', span: [1, 20, 21], kind: 'sex' },
    { name: 'expiryDate', span: [1, 21, 27], kind: 'numeric' },
    { name: 'expiryDateCheck', span: [1, 27, 28], kind: 'check' },
    { name: 'optionalData', span: [1, 28, 35], kind: 'optional' },
    { name: 'compositeCheck', span: [1, 35, 36], kind: 'check' },
  ],
  checkDigits: [
    { name: 'documentNumber', covers: [[1, 0, 9]], at: [1, 9] },
    { name: 'birthDate', covers: [[1, 13, 19]], at: [1, 19] },
    { name: 'expiryDate', covers: [[1, 21, 27]], at: [1, 27] },
    {
      name: 'composite',
      covers: [
        [1, 0, 10],
        [1, 13, 20],
        [1, 21, 35],
      ],
      at: [1, 35],
    },
  ],
};

export const TD1: MrzLayout = {
  format: 'TD1',
  lineCount: 3,
  lineLength: 30,
  fields: [
    { name: 'documentCode', span: [0, 0, 2], kind: 'alpha' },
    { name: 'issuingState', span: [0, 2, 5], kind: 'alpha' },
    { name: 'documentNumber', span: [0, 5, 14], kind: 'alnum' },
    { name: 'documentNumberCheck', span: [0, 14, 15], kind: 'alnum' },
    { name: 'optionalData', span: [0, 15, 30], kind: 'optional' },
    { name: 'birthDate', span: [1, 0, 6], kind: 'numeric' },
    { name: 'birthDateCheck', span: [1, 6, 7], kind: 'check' },
    { name: 'sex', span: [1, 7, 8], kind: 'sex' },
    { name: 'expiryDate', span: [1, 8, 14], kind: 'numeric' },
    { name: 'expiryDateCheck', span: [1, 14, 15], kind: 'check' },
    { name: 'nationality', span: [1, 15, 18], kind: 'alpha' },
    { name: 'optionalData2', span: [1, 18, 29], kind: 'optional' },
    { name: 'compositeCheck', span: [1, 29, 30], kind: 'check' },
    { name: 'names', span: [2, 0, 30], kind: 'name' },
  ],
  checkDigits: [
    // The document-number check is special-cased for long numbers (see parse-mrz.ts).
    { name: 'documentNumber', covers: [[0, 5, 14]], at: [0, 14] },
    { name: 'birthDate', covers: [[1, 0, 6]], at: [1, 6] },
    { name: 'expiryDate', covers: [[1, 8, 14]], at: [1, 14] },
    {
      name: 'composite',
      covers: [
        [0, 5, 30],
        [1, 0, 7],
        [1, 8, 15],
        [1, 18, 29],
      ],
      at: [1, 29],
    },
  ],
};

/**
 * French national identity card (1988–2021 layout), 2×36 but not ICAO TD2: line 1 holds "IDFRA", the
 * surname (25) and the issuing office (6); line 2 the 12-character card number (YYMM of issue, department,
 * sequence), its check digit, given names (14), birth date, its check digit, sex and a check digit over both lines.
 */
export const FRA_ID: MrzLayout = {
  format: 'FRA_ID',
  lineCount: 2,
  lineLength: 36,
  fields: [
    { name: 'documentCode', span: [0, 0, 2], kind: 'alpha' },
    { name: 'issuingState', span: [0, 2, 5], kind: 'alpha' },
    { name: 'surname', span: [0, 5, 30], kind: 'name' },
    { name: 'issuingOffice', span: [0, 30, 36], kind: 'alnum' },
    { name: 'issueYearMonth', span: [1, 0, 4], kind: 'numeric' },
    { name: 'documentNumber', span: [1, 0, 12], kind: 'alnum' },
    { name: 'documentNumberCheck', span: [1, 12, 13], kind: 'check' },
    { name: 'givenNames', span: [1, 13, 27], kind: 'name' },
    { name: 'birthDate', span: [1, 27, 33], kind: 'numeric' },
    { name: 'birthDateCheck', span: [1, 33, 34], kind: 'check' },
    { name: 'sex', span: [1, 34, 35], kind: 'sex' },
    { name: 'compositeCheck', span: [1, 35, 36], kind: 'check' },
  ],
  checkDigits: [
    { name: 'documentNumber', covers: [[1, 0, 12]], at: [1, 12] },
    { name: 'birthDate', covers: [[1, 27, 33]], at: [1, 33] },
    {
      name: 'composite',
      covers: [
        [0, 0, 36],
        [1, 0, 35],
      ],
      at: [1, 35],
    },
  ],
};

export const LAYOUTS: MrzLayout[] = [TD1, TD2, TD3, FRA_ID];
