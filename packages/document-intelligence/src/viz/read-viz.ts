import { type OcrLine } from '../ocr/types';
import { foldText, VIZ_LABELS, type VizFieldName } from './viz-labels';
import { parseVizDate, parseVizNationality, parseVizSex } from './viz-values';

export interface VizReading {
  surname?: string;
  givenNames?: string;
  birthDate?: string;
  sex?: 'M' | 'F' | 'X';
  nationality?: string;
  documentNumber?: string;
  issueDate?: string;
  expiryDate?: string;
  placeOfBirth?: string;
  /** Label found → raw value text, for audit. */
  raw: Partial<Record<VizFieldName, string>>;
  /** Words like "passport", "Personalausweis", "permis de conduire" seen anywhere in the zone (folded). */
  text: string;
}

interface LabelHit {
  field: VizFieldName;
  start: number;
  end: number;
}

/**
 * Labelled layouts: a value follows its label on the same line ("Nom: BERTHIER") up to the next label, or
 * stands on the line below when the label is alone ("Surname/Nom" over "BERTHIER").
 */
export function readViz(lines: OcrLine[]): VizReading {
  const reading: VizReading = { raw: {}, text: lines.map((l) => foldText(l.text)).join('\n') };
  const hitsPerLine = lines.map((l) => findLabels(foldText(l.text)));
  lines.forEach((line, index) => {
    const folded = foldText(line.text);
    const hits = hitsPerLine[index];
    hits.forEach((hit, k) => {
      if (reading.raw[hit.field] !== undefined) return;
      const nextStart = k + 1 < hits.length ? hits[k + 1].start : folded.length;
      if (k + 1 < hits.length && hits[k + 1].field === hit.field) return; // "Surname/Nom/Name": the value follows the last one
      let value = cleanSeparators(originalSlice(line.text, folded, hit.end, nextStart));
      if (!value && index + 1 < lines.length && hitsPerLine[index + 1].length === 0) value = cleanSeparators(lines[index + 1].text);
      if (value) reading.raw[hit.field] = value;
    });
  });
  applyValues(reading);
  return reading;
}

function findLabels(folded: string): LabelHit[] {
  const taken: boolean[] = new Array<boolean>(folded.length).fill(false);
  const hits: LabelHit[] = [];
  for (const { field, labels } of VIZ_LABELS) {
    for (const label of labels) {
      const atStartOnly = label.startsWith('^');
      const text = atStartOnly ? label.slice(1) : label;
      let from = 0;
      for (;;) {
        const at = folded.indexOf(text, from);
        if (at < 0) break;
        from = at + 1;
        if (atStartOnly && folded.slice(0, at).trim() !== '') break;
        const before = at === 0 ? ' ' : folded[at - 1];
        const after = folded[at + text.length] ?? ' ';
        const bounded = !/[a-z]/.test(before) && (!/[a-z]/.test(after) || text.endsWith(':'));
        if (!bounded || taken.slice(at, at + text.length).some(Boolean)) continue;
        for (let i = at; i < at + text.length; i += 1) taken[i] = true;
        hits.push({ field, start: at, end: at + text.length });
      }
    }
  }
  return hits.sort((a, b) => a.start - b.start);
}

/** foldText works per character, so folded offsets are found by folding prefixes of the original. */
function originalSlice(original: string, folded: string, start: number, end: number): string {
  const chars = [...original];
  let foldedLength = 0;
  let from = -1;
  let to = chars.length;
  for (let i = 0; i <= chars.length; i += 1) {
    if (from < 0 && foldedLength >= start) from = i;
    if (foldedLength >= end) {
      to = i;
      break;
    }
    if (i < chars.length) foldedLength += foldText(chars[i]).length;
  }
  return chars.slice(Math.max(0, from), to).join('');
}

function cleanSeparators(text: string): string {
  return text.replace(/^[\s:/.,;\-|]+|[\s:/,;\-|]+$/g, '').replace(/^\d{1,2}[.)]\s+/, '').trim();
}

function applyValues(reading: VizReading): void {
  const raw = reading.raw;
  if (raw.surname) reading.surname = cleanName(raw.surname);
  if (raw.givenNames) reading.givenNames = cleanName(raw.givenNames);
  for (const field of ['birthDate', 'issueDate', 'expiryDate'] as const) {
    const value = raw[field] ? parseVizDate(raw[field] as string) : null;
    if (value) reading[field] = value;
  }
  const sex = raw.sex ? parseVizSex(raw.sex) : null;
  if (sex) reading.sex = sex;
  const nationality = raw.nationality ? parseVizNationality(raw.nationality) : null;
  if (nationality) reading.nationality = nationality;
  const number = raw.documentNumber ? /[A-Z0-9]{6,}/i.exec(raw.documentNumber.replace(/\s+/g, '')) : null;
  if (number && /[0-9]/.test(number[0])) reading.documentNumber = number[0].toUpperCase();
  if (raw.placeOfBirth) reading.placeOfBirth = raw.placeOfBirth.replace(/\s+/g, ' ').trim();
}

/** Keeps letters (any script), spaces, hyphens and apostrophes. */
function cleanName(text: string): string | undefined {
  const name = text.replace(/[^\p{L}\s'-]/gu, ' ').replace(/\s+/g, ' ').trim();
  return name.length > 0 ? name : undefined;
}
