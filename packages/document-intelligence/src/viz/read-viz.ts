import { type OcrLine } from '../ocr/types';
import { foldText, fuzzyLabelField, looksLikeCaption, VIZ_LABELS, type VizFieldName } from './viz-labels';
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
 * stands on the line below when the label is alone ("Surname/Nom" over "BERTHIER"). Text beside a label
 * that does not parse as that field's value (a second caption "N du document", a misread one) gives way to
 * the line below. Two captions over one value line ("Sex / Nationality" over "F  GBR") share it: see
 * shareValueLine.
 */
export function readViz(lines: OcrLine[]): VizReading {
  const reading: VizReading = { raw: {}, text: lines.map((l) => foldText(l.text)).join('\n') };
  const hitsPerLine = lines.map((l) => findLabels(foldText(l.text)));
  lines.forEach((line, index) => {
    const folded = foldText(line.text);
    const hits = hitsPerLine[index];
    const below = index + 1 < lines.length && hitsPerLine[index + 1].length === 0 ? lines[index + 1] : null;
    const waiting: { field: VizFieldName; beside: string; left: number | null }[] = [];
    const captionSized = below !== null && printedSmallerThan(line, below);
    hits.forEach((hit, k) => {
      const known = reading.raw[hit.field];
      if (known !== undefined && parsesAs(hit.field, known)) return; // an unparsable earlier value may still be replaced
      const nextStart = k + 1 < hits.length ? hits[k + 1].start : folded.length;
      if (k + 1 < hits.length && hits[k + 1].field === hit.field) return; // "Surname/Nom/Name": the value follows the last one
      if (waiting.some((w) => w.field === hit.field)) return;
      const beside = cleanSeparators(originalSlice(line.text, folded, hit.end, nextStart));
      if (beside && parsesAs(hit.field, beside) && !(below && besideLooksLikeCaption(hit.field, beside, captionSized)))
        reading.raw[hit.field] = beside;
      else waiting.push({ field: hit.field, beside, left: wordLeftAt(line, hit.start) });
    });
    const shared = below
      ? shareValueLine(
          waiting.map((w) => w.field),
          below,
          waiting.map((w) => w.left),
        )
      : {};
    for (const { field, beside } of waiting) {
      const fromBelow = shared[field];
      const value =
        fromBelow && parsesAs(field, fromBelow) ? fromBelow : beside && besideParsesAs(field, beside) ? beside : (fromBelow ?? beside);
      if (value) reading.raw[field] = value;
    }
  });
  applyValues(reading);
  return reading;
}

/**
 * Splits one value line among the captions above it. Alone, a caption takes the whole line. Sex is one letter,
 * so beside another caption it takes the line's first letter (last, when its caption comes last) and the other
 * caption the rest — the OCR often glues the two ("MAUT", "FGBR"). Otherwise, as many OCR words as captions
 * are given out in order; failing that every caption gets the whole line, as before.
 */
function shareValueLine(
  fields: VizFieldName[],
  line: OcrLine,
  captionLefts: (number | null)[] = [],
): Partial<Record<VizFieldName, string>> {
  line = withoutWordsLeftOfCaptions(line, captionLefts);
  const text = cleanSeparators(line.text);
  if (fields.length === 0 || !text) return {};
  if (fields.length === 1) return { [fields[0]]: text };
  const out: Partial<Record<VizFieldName, string>> = {};
  if (fields.length === 2 && fields.includes('sex')) {
    const other = fields[0] === 'sex' ? fields[1] : fields[0];
    const sexFirst = fields[0] === 'sex';
    const letter = sexFirst ? /^([MFXW])[\s/|]*(.*)$/i.exec(text) : /^(.*?)[\s/|]*([MFXW])$/i.exec(text);
    if (letter) {
      const [sex, rest] = sexFirst ? [letter[1], letter[2]] : [letter[2], letter[1]];
      out.sex = sex;
      if (cleanSeparators(rest)) out[other] = cleanSeparators(rest);
      return out;
    }
  }
  const words = line.words.map((w) => cleanSeparators(w.text)).filter(Boolean);
  if (words.length !== fields.length) {
    const byColumn = shareByColumn(fields, line, captionLefts);
    if (byColumn) return byColumn;
    const byOrder = datesInOrder(fields, text);
    if (byOrder) return { ...Object.fromEntries(fields.map((f) => [f, text])), ...byOrder };
  }
  fields.forEach((field, i) => {
    out[field] = words.length === fields.length ? words[i] : text;
  });
  return out;
}

/**
 * The value line without the words that end before the first caption over it starts (a third of the word's height
 * of slack for a tilted photo): a value is printed in its caption's column, so ink left of every caption is
 * something else on the row — lettering in the background of the printed portrait beside the captions ('CON' of
 * a Comic-Con backdrop read into the surname as 'CON JANSSENS', a false MRZ_CROSS_LOW_SCORE against the back's
 * MRZ). The line as it is when no caption's place is known or no word is left.
 */
function withoutWordsLeftOfCaptions(line: OcrLine, captionLefts: (number | null)[]): OcrLine {
  const known = captionLefts.filter((x): x is number => x !== null);
  if (known.length === 0 || line.words.length < 2) return line;
  const columnStart = Math.min(...known);
  const kept = line.words.filter((word) => word.box.x + word.box.width + word.box.height / 3 >= columnStart);
  if (kept.length === line.words.length || kept.length === 0) return line;
  return { ...line, text: kept.map((word) => word.text).join(' '), words: kept };
}

/**
 * The value line split by the columns its captions start: a value is printed under its caption, left-aligned with
 * it, so each word goes to the last caption starting left of it (a third of the word's height of slack for a
 * tilted photo). Three captions over "LIEGE 14/09/2018 13/09/2028" where only the two date captions were read
 * gave both dates' captions the whole line, and the expiry its first date (the issue date). Null when a caption's
 * place is unknown or two captions start in one word (glued by the OCR): then nothing tells the columns apart.
 */
function shareByColumn(
  fields: VizFieldName[],
  line: OcrLine,
  captionLefts: (number | null)[],
): Partial<Record<VizFieldName, string>> | null {
  if (captionLefts.length !== fields.length || captionLefts.some((x) => x === null)) return null;
  const lefts = captionLefts as number[];
  if (lefts.some((x, i) => i > 0 && x <= lefts[i - 1])) return null;
  const columns: string[][] = fields.map(() => []);
  for (const word of line.words) {
    const text = cleanSeparators(word.text);
    if (!text) continue;
    const slack = word.box.height / 3;
    let column = 0;
    lefts.forEach((x, i) => {
      if (word.box.x + slack >= x) column = i;
    });
    columns[column].push(text);
  }
  const out: Partial<Record<VizFieldName, string>> = {};
  fields.forEach((field, i) => {
    if (columns[i].length > 0) out[field] = columns[i].join(' ');
  });
  return out;
}

const DATE_FIELDS: readonly VizFieldName[] = ['birthDate', 'issueDate', 'expiryDate'];
/** A printed date: 12.03.1985, 12/03/1985, 12-03-85, 12 MAR 1985 (or 12MAR1985), 12 03 1985. */
const DATE_IN_TEXT = /\b\d{1,2}(?:[./-]\d{1,2}[./-]|\s?[A-Za-z]{3}\s?|\s\d{2}\s)\d{2,4}\b/g;

/**
 * Date captions sharing a value line whose words could not be told apart by column (the OCR read the line as one
 * word): the dates are printed left to right in the order of their captions, so when the line holds exactly as many
 * dates as there are date captions each takes its own. The other captions keep the whole line, as before.
 */
function datesInOrder(fields: VizFieldName[], text: string): Partial<Record<VizFieldName, string>> | null {
  const dateFields = fields.filter((f) => DATE_FIELDS.includes(f));
  if (dateFields.length < 2) return null;
  const dates = [...text.matchAll(DATE_IN_TEXT)].map((m) => m[0]).filter((d) => parseVizDate(d) !== null);
  if (dates.length !== dateFields.length) return null;
  return Object.fromEntries(dateFields.map((f, i) => [f, dates[i]]));
}

/** Left edge of the word of `line` that holds character `index` of its text (the words joined by one space), or null. */
function wordLeftAt(line: OcrLine, index: number): number | null {
  let at = 0;
  for (const word of line.words) {
    const end = at + word.text.length;
    if (index < end) return index >= at ? word.box.x : null;
    at = end + 1;
  }
  return null;
}

/**
 * Above a value line, text beside a caption is more caption (the other language's wording, misread: "Vornamen/
 * Givenn nan mes") unless it reads like a value: names are printed in capitals, so lower-case letters other than
 * those the OCR cannot tell from capitals (c o s v w x z) give a caption away; a sex letter beside its caption
 * (often a misread '/') gives way to the one on the value line, which is split among the captions it serves.
 */
function besideLooksLikeCaption(field: VizFieldName, beside: string, captionSized: boolean): boolean {
  if (field === 'sex') return true;
  if (field === 'surname' || field === 'givenNames' || field === 'placeOfBirth') return captionSized || /[abd-np-ruty]/.test(beside);
  return false;
}

/**
 * Whether `line` is printed in caption type over `below`: documents print captions smaller than the values under
 * them (ICAO 9303 part 3), so a caption line whose words are clearly shorter than the value line's holds no value,
 * even in capitals, where the lower-case test above sees nothing ("LIEU DE NAISSANCE / PLACE OF BIRTH" read
 * "PLA" beside its first caption). Median word heights, so a stray tall or short word does not decide it.
 */
function printedSmallerThan(line: OcrLine, below: OcrLine): boolean {
  const median = (l: OcrLine): number | null => {
    const heights = l.words.map((w) => w.box.height).sort((a, b) => a - b);
    return heights.length === 0 ? null : heights[Math.floor(heights.length / 2)];
  };
  const caption = median(line);
  const value = median(below);
  return caption !== null && value !== null && value >= CAPTION_TO_VALUE_HEIGHT * caption;
}

/** Value type at least this much taller than the caption line's: classic prints 27 over 17 px, the other layouts 21–26 over 11–15. */
const CAPTION_TO_VALUE_HEIGHT = 1.3;

/**
 * Text left beside a caption whose value line below did not parse. A sex letter there stands alone ("Sex: F"); one
 * among other words is a letter of the caption line read apart ("Sex f natonalty", the '/' read f), not the value.
 */
function besideParsesAs(field: VizFieldName, beside: string): boolean {
  return field === 'sex' ? /^[MFXW]$/i.test(beside) : parsesAs(field, beside);
}

/** Whether `text` yields a value for `field` (a date that parses, a sex letter, a name that is no caption...). */
function parsesAs(field: VizFieldName, text: string): boolean {
  switch (field) {
    case 'birthDate':
    case 'issueDate':
    case 'expiryDate':
      return parseVizDate(text) !== null;
    case 'sex':
      return parseVizSex(text) !== null;
    case 'nationality':
      return parseVizNationality(text) !== null;
    case 'documentNumber':
      return parseDocumentNumber(text) !== null;
    case 'surname':
    case 'givenNames':
    case 'placeOfBirth':
      return cleanName(text) !== undefined && !looksLikeCaption(foldText(text));
  }
}

/** The fields whose captions one OCR line carries, misread captions included: the anchors readViz reads values by. */
export function captionFieldsOf(text: string): VizFieldName[] {
  return findLabels(foldText(text)).map((hit) => hit.field);
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
        const boundedBefore = !/[a-z]/.test(before) || endsWithLabel(folded.slice(0, at));
        const rest = folded.slice(at + text.length);
        const boundedAfter = !/[a-z]/.test(after) || text.endsWith(':') || startsWithLabel(rest) || startsWithMisreadLabel(rest);
        const bounded = boundedBefore && boundedAfter;
        if (!bounded || taken.slice(at, at + text.length).some(Boolean)) continue;
        for (let i = at; i < at + text.length; i += 1) taken[i] = true;
        hits.push({ field, start: at, end: at + text.length });
      }
    }
  }
  hits.push(...misreadLabelHits(folded, taken));
  return hits.sort((a, b) => a.start - b.start);
}

const PLAIN_LABELS = VIZ_LABELS.flatMap(({ labels }) => labels).filter((label) => !label.startsWith('^'));

/**
 * The OCR glues neighbouring captions ("sexplace of birth", "geburtsortplaceof birth"): a label ending right where
 * another starts is a boundary. The neighbour may have lost its spaces too, so each label is matched with its
 * spaces optional, and must end (or start) at a word boundary of the text as read.
 */
const GLUED_LABEL_PATTERNS = PLAIN_LABELS.map((label) => label.split(' ').map(escapeRegExp).join(' ?'));
const LABEL_AT_START = GLUED_LABEL_PATTERNS.map((pattern) => new RegExp(`^(?:${pattern})(?![a-z])`));
const LABEL_AT_END = GLUED_LABEL_PATTERNS.map((pattern) => new RegExp(`(?<![a-z])(?:${pattern})$`));

function endsWithLabel(prefix: string): boolean {
  return LABEL_AT_END.some((label) => label.test(prefix));
}

function startsWithLabel(suffix: string): boolean {
  return LABEL_AT_START.some((label) => label.test(suffix));
}

/**
 * The neighbour glued on may be misread as well ("date of expirydatn dexpiration"): the text up to the next
 * separator opens with one to five words close to a label (fuzzyLabelField).
 */
function startsWithMisreadLabel(suffix: string): boolean {
  return leadingMisreadLabel(/^[^/|:,]+/.exec(suffix)?.[0] ?? '') !== null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Captions the OCR misread ("name/sumame", "sex/sexe placeof bith"): in the text no exact label took, each
 * piece between '/', '|', ':', ',' or an exact label whose first one to five words are close to a label
 * (fuzzyLabelField) is that label; the rest of the piece stays value text.
 */
function misreadLabelHits(folded: string, taken: boolean[]): LabelHit[] {
  const hits: LabelHit[] = [];
  const untaken = folded
    .split('')
    .map((ch, i) => (taken[i] ? '/' : ch))
    .join('');
  for (const match of untaken.matchAll(/[^/|:,]+/g)) {
    const label = leadingMisreadLabel(match[0]);
    const at = match.index ?? 0;
    if (label) hits.push({ field: label.field, start: at + label.start, end: at + label.end });
  }
  return hits;
}

/** The longest run of a piece's first one to five words that is close to a label (fuzzyLabelField), with its offsets. */
function leadingMisreadLabel(piece: string): LabelHit | null {
  const words = [...piece.matchAll(/\S+/g)];
  for (let n = Math.min(5, words.length); n >= 1; n -= 1) {
    const start = words[0].index ?? 0;
    const last = words[n - 1];
    const end = (last.index ?? 0) + last[0].length;
    const field = fuzzyLabelField(piece.slice(start, end));
    if (field) return { field, start, end };
  }
  return null;
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
  return text
    .replace(/^[\s:/.,;\-|]+|[\s:/,;\-|]+$/g, '')
    .replace(/^\d{1,2}[.)]\s+/, '')
    .trim();
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
  const number = raw.documentNumber ? parseDocumentNumber(raw.documentNumber) : null;
  if (number) reading.documentNumber = number;
  if (raw.placeOfBirth) reading.placeOfBirth = raw.placeOfBirth.replace(/\s+/g, ' ').trim();
}

/**
 * Six or more letters and digits, at least one a digit (so a caption like "N du document" is no number). A word
 * that is such a number on its own wins ("P  UTO  XH1MPY8TJ", the passport's type/state/number row); only when
 * none is, the words are joined (OCR splits a number: "X7RY PC524").
 */
function parseDocumentNumber(text: string): string | null {
  const isNumber = (candidate: string): boolean => /^[A-Z0-9]{6,}$/i.test(candidate) && /[0-9]/.test(candidate);
  const word = text.split(/\s+/).find(isNumber);
  if (word) return word.toUpperCase();
  const joined = /[A-Z0-9]{6,}/i.exec(text.replace(/\s+/g, ''));
  return joined && isNumber(joined[0]) ? joined[0].toUpperCase() : null;
}

/** Keeps letters (any script), spaces, hyphens and apostrophes. */
function cleanName(text: string): string | undefined {
  const name = text
    .replace(/[^\p{L}\s'-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return name.length > 0 ? name : undefined;
}
