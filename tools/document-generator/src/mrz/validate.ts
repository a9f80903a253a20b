import { checkDigit } from './check-digit';

export type MrzFormat = 'TD1' | 'TD2' | 'TD3' | 'FRA_ID' | 'unknown';

export interface MrzCheckResult {
  format: MrzFormat;
  /** True only when the shape is known and every check digit (incl. composite) matches. */
  valid: boolean;
  /** Names of the check digits that failed, e.g. 'documentNumber', 'composite'. */
  failed: string[];
}

interface DigitRule {
  name: string;
  /** Concatenated [line, start, end) slices the digit covers. */
  covers: [number, number, number][];
  at: [number, number];
}

// Positions from ICAO 9303 parts 4–6 (zero-based, end exclusive).
const RULES: Record<'TD1' | 'TD2' | 'TD3', DigitRule[]> = {
  TD3: [
    { name: 'documentNumber', covers: [[1, 0, 9]], at: [1, 9] },
    { name: 'dateOfBirth', covers: [[1, 13, 19]], at: [1, 19] },
    { name: 'dateOfExpiry', covers: [[1, 21, 27]], at: [1, 27] },
    { name: 'personalNumber', covers: [[1, 28, 42]], at: [1, 42] },
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
  TD2: [
    { name: 'documentNumber', covers: [[1, 0, 9]], at: [1, 9] },
    { name: 'dateOfBirth', covers: [[1, 13, 19]], at: [1, 19] },
    { name: 'dateOfExpiry', covers: [[1, 21, 27]], at: [1, 27] },
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
  TD1: [
    { name: 'documentNumber', covers: [[0, 5, 14]], at: [0, 14] },
    { name: 'dateOfBirth', covers: [[1, 0, 6]], at: [1, 6] },
    { name: 'dateOfExpiry', covers: [[1, 8, 14]], at: [1, 14] },
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

// French national ID card (2 × 36, pre-2021 layout): not ICAO, but common in the wild.
const FRA_ID_RULES: DigitRule[] = [
  { name: 'documentNumber', covers: [[1, 0, 12]], at: [1, 12] },
  { name: 'dateOfBirth', covers: [[1, 27, 33]], at: [1, 33] },
  {
    name: 'composite',
    covers: [
      [0, 0, 36],
      [1, 0, 35],
    ],
    at: [1, 35],
  },
];

export function detectMrzFormat(lines: readonly string[]): MrzFormat {
  const lengths = lines.map((l) => l.length).join(',');
  if (lengths === '30,30,30') return 'TD1';
  if (lengths === '44,44') return 'TD3';
  if (lengths === '36,36') return lines[0].startsWith('IDFRA') ? 'FRA_ID' : 'TD2';
  return 'unknown';
}

/** Validates MRZ lines as printed: shape, character set and every check digit. Never throws. */
export function validateMrz(lines: readonly string[]): MrzCheckResult {
  const format = detectMrzFormat(lines);
  if (format === 'unknown' || lines.some((l) => !/^[A-Z0-9<]+$/.test(l))) {
    return { format, valid: false, failed: ['shape'] };
  }
  const rules = format === 'FRA_ID' ? FRA_ID_RULES : RULES[format];
  const failed: string[] = [];
  for (const rule of rules) {
    const covered = rule.covers.map(([line, start, end]) => lines[line].slice(start, end)).join('');
    const printed = lines[rule.at[0]][rule.at[1]];
    const expected = checkDigit(covered);
    // ICAO allows '<' for an all-filler optional field's check digit.
    const fillerOk = printed === '<' && /^<*$/.test(covered);
    if (printed !== expected && !fillerOk) failed.push(rule.name);
  }
  return { format, valid: failed.length === 0, failed };
}
