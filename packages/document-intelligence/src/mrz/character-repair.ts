/**
 * Field-type repairs for OCR confusions. A character is only replaced when the field's type forbids it
 * (a letter in a digit field, a digit in a letter field); the replacement is fixed per character and never
 * depends on whether a check digit would then pass — a malformed MRZ must stay malformed.
 */
/**
 * 'optional' is optional data or a personal number: letters and digits like 'alnum', but left-justified and padded
 * with fillers to the right (ICAO 9303 part 3), so its padding can be told apart from its data.
 */
export type FieldKind = 'numeric' | 'alpha' | 'name' | 'alnum' | 'optional' | 'sex' | 'check';

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
  if (kind === 'name') out = clearStrayPaddingCharacters(out, label, changes, NAME_PADDING_START);
  if (kind === 'optional') out = clearStrayPaddingCharacters(out, label, changes, OPTIONAL_PADDING_START);
  return { text: out, changes };
}

/**
 * Fillers in a row that begin a field's padding: name parts are joined by '<' and surname from given names by '<<',
 * so three end a name field; optional data holds no fillers inside its data, so two end it (one may stand between a
 * long document number's overflow and its check digit).
 */
const NAME_PADDING_START = 3;
const OPTIONAL_PADDING_START = 2;

/**
 * A name or optional-data field ends in filler padding, and nothing is printed inside it. A single character with
 * the padding's fillers before it and only fillers after it is OCR noise ("THOMAS<<<<<K<<<<", from a speck or a
 * misread '<') and becomes '<'; cleared from the end, so one before it goes too ("SEAN<<<K<<<<<<<K<<<<<<"). A lone
 * initial after one or two fillers ("ANNA<B<<<", "SMITH<<B<<<") is left alone.
 */
function clearStrayPaddingCharacters(text: string, label: string, changes: string[], paddingStart: number): string {
  const stray = new RegExp(`(<{${paddingStart},})([A-Z0-9])(?=<*$)`);
  let cleared = text;
  // Until nothing changes: clearing one stray or run leaves the one before it with only fillers after it.
  for (let previous = ''; previous !== cleared;) {
    previous = cleared;
    cleared = cleared.replace(stray, (_match, fillers: string, character: string) => {
      changes.push(`${label}: stray '${character}' in the filler padding → '<'`);
      return `${fillers}<`;
    });
    // The recogniser's usual misreads of a filler are 'K' (the chevron is a K's right half) and 'C'; a part made of
    // them alone ("LEA<<<KK<<<", "HELENE<<KKKK<<KKKK<<", "SEAN<<<<CC<<<") is no name or data anywhere: padding.
    cleared = cleared.replace(/(?<=<)[KC]{2,}(?=<|$)/g, (run: string) => {
      changes.push(`${label}: '${run}' among the fillers → '${'<'.repeat(run.length)}'`);
      return '<'.repeat(run.length);
    });
  }
  return cleared;
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
    case 'optional':
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
