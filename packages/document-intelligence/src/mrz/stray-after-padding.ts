import { LAYOUTS } from './layouts';
import { type MrzReading } from './types';

/**
 * Where a field's padding begins: a name field holds SURNAME<<GIVEN<NAMES and then only fillers, so three fillers
 * in a row end it; a number or optional-data field is left-justified and padded, so two do.
 */
const PADDING_START = { name: '<<<', alnum: '<<', optional: '<<' } as const;

/**
 * The fields of a reading with text after their padding has begun ('WALKER<<OLIVER<THOMASCKK<<<<<K',
 * optional data '<<<<K<<<<<<K<<<'). ICAO 9303 pads every field to the right, so nothing is printed there: such
 * text is what a noisy photo makes of the filler chevrons (most often 'K', the chevron being a K's right half).
 * Fields are taken as read (before the name repairs) on lines read at their length. Check digits are mod 10, and a reading that is mostly noise passes all of them now and then; this is how such
 * a reading shows itself when it does.
 */
export function fieldsWithTextAfterPadding(reading: MrzReading): string[] {
  const layout = LAYOUTS.find((l) => l.format === reading.format);
  if (!layout) return [];
  return layout.fields.filter((field) => {
    if (field.kind !== 'name' && field.kind !== 'alnum' && field.kind !== 'optional') return false;
    const [line, start, end] = field.span;
    // As read where the line came out at its length: the name repairs clear the padding's noise, which is the
    // evidence looked for here.
    const source = reading.rawLines[line]?.length === layout.lineLength ? reading.rawLines : reading.lines;
    const text = source[line]?.slice(start, end) ?? '';
    const padding = text.indexOf(PADDING_START[field.kind]);
    return padding >= 0 && /[^<]/.test(text.slice(padding));
  }).map((field) => field.name);
}
