import { type OcrLine } from '../ocr/types';
import { normaliseMrzLine } from './character-repair';
import { readMrz } from './read-mrz';
import { type MrzReading } from './types';

export interface MrzSearch {
  /** OCR lines that look like MRZ text (long, MRZ alphabet, fillers). */
  candidateLines: string[];
  /**
   * OCR lines, MRZ-like or not, that show traces of an MRZ even when no line was read whole enough to be a
   * candidate: a run of fillers ('<<'; nothing else on a document prints one), or the date block of an MRZ data line
   * (MRZ_DATE_BLOCK), which blur leaves readable after it has turned the fillers into letters. Normalised like
   * candidateLines.
   */
  traceLines: string[];
  reading: MrzReading | null;
}

const MIN_MRZ_LINE = 26;
/**
 * Birth date, its check digit, sex and expiry date as TD1's second line and TD3's second line print them (ICAO
 * 9303: YYMMDD, digit, M/F/X/filler, YYMMDD). A visual zone writes its dates apart and with separators.
 */
const MRZ_DATE_BLOCK = /[0-9]{6}[0-9<][MFX<][0-9]{6}/;
/**
 * The opening of an MRZ's first line: a document code (ICAO 9303: P passports; I, A, C identity cards and residence
 * permits), a second letter or filler, the issuing state, then at least the start of a name or document number —
 * all in the MRZ's alphabet. Taken only beside other traces of an MRZ: alone, a heading could look like it.
 */
const MRZ_FIRST_LINE_HEAD = /^[PIAC][A-Z<][A-Z<]{3}[A-Z0-9<]{5,}$/;

/**
 * A passport's name line (TD3 line 1: P, a second letter or filler, the issuing state, the names) whose name padding
 * the detector lost after its first fillers: letters and fillers only, and at least three fillers at its end, which
 * only a name field's padding prints (two join surname and given names), so the name in it is whole. readMrz fits it
 * to its 44 characters (the padding read short); the firmness check then counts the line as not read as printed.
 */
const SHORT_PASSPORT_NAME_LINE = /^P[A-Z<][A-Z<]{3}(?=[A-Z<]*[A-Z]{2})[A-Z<]+<{3}$/;

/** A line of ≥ 26 characters that is mostly MRZ alphabet and carries fillers or is nearly all upper-case/digits. */
export function looksLikeMrzLine(text: string): boolean {
  const line = normaliseMrzLine(text);
  if (line.length < MIN_MRZ_LINE || line.length > 48) return false;
  const legal = line.replace(/[^A-Z0-9<]/g, '').length / line.length;
  return legal >= 0.9 && (line.includes('<') || /[0-9]{6}/.test(line));
}

/**
 * The MRZ is the bottom-most run of 2–3 adjacent MRZ-like lines. Every window of 2 or 3 consecutive
 * candidates is parsed; the reading with most passing check digits wins, ties going to the lower window.
 */
export function findMrz(lines: OcrLine[], now: Date): MrzSearch {
  const normalised = lines.map((l) => normaliseMrzLine(l.text));
  const candidates = normalised.filter((line) => looksLikeMrzLine(line) || SHORT_PASSPORT_NAME_LINE.test(line));
  let best: MrzReading | null = null;
  let bestScore = -1;
  for (const size of [3, 2]) {
    for (let start = 0; start + size <= candidates.length; start += 1) {
      const result = readMrz(candidates.slice(start, start + size), { now });
      if (!result.ok) continue;
      const r = result.reading;
      // Misfit lengths cost a little, so two lines of a TD1 are not taken for a TD2 with their neighbours.
      const misfit = r.rawLines.reduce((sum, line) => sum + Math.abs(line.length - r.lines[0].length), 0);
      const score =
        r.checkDigits.filter((c) => c.valid).length / r.checkDigits.length + (r.valid ? 1 : 0) - r.anomalies.length * 0.1 - misfit * 0.05;
      if (score >= bestScore) {
        best = r;
        bestScore = score;
      }
    }
  }
  const marked = normalised.filter((line) => line.includes('<<') || MRZ_DATE_BLOCK.test(line));
  // Where those show an MRZ, the line that opens like its first one is part of it too, fillers read or not.
  const heads =
    marked.length > 0 || candidates.length > 0 ? normalised.filter((line) => !marked.includes(line) && MRZ_FIRST_LINE_HEAD.test(line)) : [];
  return { candidateLines: candidates, traceLines: [...marked, ...heads], reading: best };
}
