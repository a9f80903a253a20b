/**
 * Field-type repairs for OCR confusions. A character is only replaced when the field's type forbids it
 * (a letter in a digit field, a digit in a letter field); the replacement is fixed per character and never
 * depends on whether a check digit would then pass — a malformed MRZ must stay malformed.
 */
export type FieldKind = 'numeric' | 'alpha' | 'name' | 'alnum' | 'sex' | 'check';

const LETTER_TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8' };
const DIGIT_TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };

export interface RepairOutcome {
  text: string;
  changes: string[];
}

export function repairField(text: string, kind: FieldKind, label: string): RepairOutcome {
  const changes: string[] = [];
  let out = '';
  for (const ch of text) {
    const fixed = repairCharacter(ch, kind);
    if (fixed !== ch) changes.push(`${label}: '${ch}'→'${fixed}' (${kind} field)`);
    out += fixed;
  }
  if (kind === 'name') out = clearStrayPaddingCharacters(out, label, changes);
  return { text: out, changes };
}

/**
 * A name field ends in filler padding. Name parts are joined by one '<' and surname from given names by
 * '<<', so a single character with three or more fillers before it and only fillers after it cannot be a
 * name part: it is OCR noise in the padding ("THOMAS<<<<<K<<<<", from a speck or a misread '<') and becomes
 * '<'. A lone initial after one or two fillers ("ANNA<B<<<", "SMITH<<B<<<") is left alone.
 */
function clearStrayPaddingCharacters(text: string, label: string, changes: string[]): string {
  // From the end: once the last stray is cleared, one before it has only fillers after it too
  // ('SEAN<<<K<<<<<<<K<<<<<<' holds two).
  let cleared = text;
  for (let previous = ''; previous !== cleared;) {
    previous = cleared;
    cleared = cleared.replace(/(<{3,})([A-Z0-9])(?=<*$)/, (_match, fillers: string, stray: string) => {
      changes.push(`${label}: stray '${stray}' in the filler padding → '<'`);
      return `${fillers}<`;
    });
  }
  // The recogniser's usual misread of a filler is 'K' (the chevron is a K's right half); a name part of K's
  // alone ("LEA<<<KK<<<", "HELENE<<KKKK<<KKKK<<") is no name anywhere, so it is padding.
  return cleared.replace(/(?<=<)K{2,}(?=<|$)/g, (run: string) => {
    changes.push(`${label}: '${run}' among the fillers → '${'<'.repeat(run.length)}'`);
    return '<'.repeat(run.length);
  });
}

function repairCharacter(ch: string, kind: FieldKind): string {
  switch (kind) {
    case 'numeric':
    case 'check':
      return /[A-Z]/.test(ch) ? (LETTER_TO_DIGIT[ch] ?? ch) : ch;
    case 'alpha':
    case 'name':
      return /[0-9]/.test(ch) ? (DIGIT_TO_LETTER[ch] ?? ch) : ch;
    case 'sex':
      // Only M, F, X and '<' are legal; '0'/'O' style confusions have no unambiguous sex value, so leave them.
      return ch;
    case 'alnum':
      // Document numbers and optional data may legitimately hold both letters and digits: no repair.
      return ch;
  }
}

/** OCR renders the filler as several look-alikes; '«' is two fillers read as one glyph. */
export function normaliseMrzLine(line: string): string {
  return line
    // The recogniser's Chinese dictionary holds full-width forms ('７', 'Ｍ'); compatibility normalisation maps them to ASCII.
    .normalize('NFKC')
    .toUpperCase()
    .replace(/\s+/g, '')
    .replace(/[«《≪]/g, '<<')
    .replace(/[‹〈＜(\[{]/g, '<')
    .replace(/[×✕]/g, 'X')
    // A stray mark read just before or after the line ('、', '.', '-'): no MRZ character looks like it.
    .replace(/^[^A-Z0-9<>]+|[^A-Z0-9<>]+$/g, '');
}
