import { FILLER_MISREADS, PADDING_REPAIR_MARK, PADDING_START } from './character-repair';
import { LAYOUTS } from './layouts';
import { type MrzReading } from './types';

/**
 * The name and optional-data fields of a reading with text after their padding has begun, as read or as the padding
 * repairs found it ('WALKER<<OLIVER<THOMASCKK<<<<<K', optional data '<<<<K<<<<<<K<<<'). ICAO 9303 pads these fields
 * to the right, so nothing is printed there but, in optional data, a state's check digit at the field's last place
 * (the Dutch card's `999999990<<<<<8`): other text is what a noisy photo makes of the filler chevrons. Check digits
 * are mod 10, and a reading that is mostly noise passes all of them now and then; this is how it shows itself.
 */
export function fieldsWithTextAfterPadding(reading: MrzReading): string[] {
  const layout = LAYOUTS.find((l) => l.format === reading.format);
  if (!layout) return [];
  return layout.fields
    .filter((field) => {
      if (field.kind !== 'name' && field.kind !== 'optional') return false;
      if (reading.repairs.some((r) => r.startsWith(`${field.name}:`) && r.includes(PADDING_REPAIR_MARK))) return true;
      const [line, start, end] = field.span;
      const text = reading.lines[line]?.slice(start, end) ?? '';
      const padding = text.indexOf('<'.repeat(PADDING_START[field.kind]));
      if (padding < 0) return false;
      const tail = field.kind === 'optional' ? text.slice(padding).replace(/[0-9]$/, '') : text.slice(padding);
      return /[^<]/.test(tail);
    })
    .map((field) => field.name);
}

/**
 * Three filler misreads in a row (FILLER_MISREADS: K and C) stand in no name in any script ICAO 9303 transliterates,
 * yet a noisy photo prints them where the '<<' and the padding are ('MOREAUKKHELENEKKKKKKCKKKCKKKKKKK<<<<<<<',
 * 'HAGNER<CTHERESA<CCC<<<C<<C<C'). No check digit covers a name, and K is worth 20 in the check-digit sum, a multiple
 * of ten: such a reading passes every check with its optional data full of K's too.
 */
const FILLER_MISREAD_RUN = new RegExp(`${FILLER_MISREADS}{3,}`);

/** The name fields holding a run of filler misreads (FILLER_MISREAD_RUN): the names read there are not the printed ones. */
export function nameFieldsWithFillerMisreads(reading: MrzReading): string[] {
  const layout = LAYOUTS.find((l) => l.format === reading.format);
  if (!layout) return [];
  return layout.fields
    .filter((field) => {
      if (field.kind !== 'name') return false;
      const [line, start, end] = field.span;
      return FILLER_MISREAD_RUN.test(reading.lines[line]?.slice(start, end) ?? '');
    })
    .map((field) => field.name);
}
