import { editDistance } from './edit-distance';
import { fold } from './fold';
import { type TextBlock } from './text-blocks';

export interface AddressBlock {
  /** The addressee line as printed, title dropped. */
  name: string;
  /** Street line(s) and the postcode/city line(s). */
  lines: string[];
}

/** Forms of address before a name; dropped from the holder's name and from names compared. */
export const TITLES = [
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'sir',
  'herr',
  'herrn',
  'frau',
  'hr',
  'fr',
  'familie',
  'fam',
  'пан',
  'пані',
];

const POSTCODE_LINES: RegExp[] = [
  // DE, UA, FR, IT, ES…: five digits then the place ("10115 Berlin", "D-10115 Berlin", "01001 Київ").
  /^(?:[A-Z]{1,2}\s?-\s?)?\d{5}\s+\p{L}/u,
  // AT, CH, BE, DK, NL ("1010 Wien", "1012 AB Amsterdam").
  /^(?:[A-Z]{1,2}\s?-\s?)?\d{4}(?:\s?[A-Z]{2})?\s+\p{L}{2,}/u,
  // UK: "London SW1A 1AA", "SW1A 1AA".
  /(?:^|\s)[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}$/,
  // US: "Springfield, IL 62704".
  /\p{L},?\s+[A-Z]{2}\s+\d{5}(?:-\d{4})?$/u,
  // UA and others with the code after the place: "Київ, 01001", "м. Львів 79000".
  /^(?:м\.\s?)?\p{L}[\p{L}' -]+,?\s+\d{5}$/u,
];

/** A street line carries a house number: "Hauptstraße 5a", "221B Baker Street", "вул. Хрещатик, 22, кв. 5". */
const STREET_LINE = [/^\d{1,5}[A-Za-z]?,?\s+\p{L}{2,}/u, /\p{L}{2,}\.?,?\s+\d{1,5}\s?[A-Za-z]?(?:\s?[-/]\s?\d{1,4}[A-Za-z]?)?\b/u];

/** Words of organisations and captions: a line with one is not the addressee. */
const NOT_A_PERSON = [
  'gmbh',
  'ag',
  'kg',
  'se',
  'ltd',
  'limited',
  'plc',
  'inc',
  'llc',
  'bank',
  'sparkasse',
  'stadtwerke',
  'energie',
  'energy',
  'versicherung',
  'insurance',
  'finanzamt',
  'stadtverwaltung',
  'verwaltung',
  'burgeramt',
  'rathaus',
  'customs',
  'borough',
  'services',
  'council',
  'revenue',
  'hmrc',
  'amt',
  'city',
  'stadt',
  'ministry',
  'office',
  'department',
  'postfach',
  'p.o.',
  'kunde',
  'customer',
  'invoice',
  'rechnung',
  'statement',
  'seite',
  'page',
  'telekom',
  'mobile',
  'water',
  'gas',
];

export function isPostcodeLine(line: string): boolean {
  return POSTCODE_LINES.some((p) => p.test(line.trim()));
}

export function isStreetLine(line: string): boolean {
  const text = line.trim();
  // A postcode line can look like one too ("10115 Berlin"); the block is read upwards from its postcode line, so
  // that does no harm, and a US street ("1234 Main Street") must pass although it looks like a Danish postcode.
  return STREET_LINE.some((p) => p.test(text)) && !/\d{6,}/.test(text) && !/[:@]/.test(text);
}

/** "Herrn Dr. Jürgen Müller" → "Jürgen Müller"; null when the line does not look like a person's name. */
export function personName(line: string): string | null {
  const words = line
    .replace(/[,;]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const kept = words.filter((w) => !TITLES.includes(fold(w).replace(/\.$/, '')));
  if (kept.length === 0 || kept.length > 5) return null;
  if (kept.some((w) => /\d|[@:/]/.test(w))) return null;
  if (kept.some((w) => NOT_A_PERSON.includes(fold(w).replace(/[.,]$/, '')))) return null;
  if (!kept.some((w) => /\p{L}{2,}/u.test(w))) return null;
  return kept.join(' ');
}

interface Candidate extends AddressBlock {
  nameLine: string;
  score: number;
  order: number;
}

/**
 * The addressee's block: a name line, then street line(s), then a postcode/city line (the city may stand on
 * its own line above a UK postcode). Of several (the sender's block, a bank's branch), the one whose name line
 * carries a form of address ("Herrn", "Mrs") wins, then the first on the page; a block whose street recurs in a
 * longer line (the sender's) is never the addressee.
 */
export function findAddressBlock(blocks: readonly TextBlock[]): AddressBlock | null {
  const candidates: Candidate[] = [];
  for (const block of blocks) {
    block.forEach((line, i) => {
      if (!isPostcodeLine(line)) return;
      let streetEnd = i - 1;
      // "London" above "SW1A 1AA": the city is part of the block.
      if (
        streetEnd >= 0 &&
        !isStreetLine(block[streetEnd]) &&
        /^[\p{L}' -]+$/u.test(block[streetEnd]) &&
        isStreetLine(block[streetEnd - 1] ?? '')
      )
        streetEnd--;
      let streetStart = streetEnd;
      while (streetStart >= 0 && isStreetLine(block[streetStart])) streetStart--;
      streetStart++;
      if (streetStart > streetEnd) return;
      // A flat or c/o line between the name and the street ("Flat 3", "c/o Schmidt", "Apt 4B").
      let nameIndex = streetStart - 1;
      if (nameIndex >= 1 && /^(flat|apt|apartment|c\/o|wohnung|whg|кв)\b/i.test(block[nameIndex])) nameIndex--;
      const name = nameIndex >= 0 ? personName(block[nameIndex]) : null;
      if (!name) return;
      const titled = block[nameIndex].split(/\s+/).some((w) => TITLES.includes(fold(w).replace(/\.$/, '')));
      candidates.push({
        name,
        nameLine: block[nameIndex],
        lines: block.slice(nameIndex + 1, i + 1),
        score: titled ? 1 : 0,
        order: candidates.length,
      });
    });
  }
  // The sender's block: its street is printed again in a one-line sender or footer ("Northbank plc · 5 Lombard
  // Street · London EC3V 9AA"), its name again as the letterhead or at the start of that line; a holder's are
  // not. Its name must not be taken for the holder's. The name is compared with up to two OCR edits ("ple").
  const compact = (text: string): string => fold(text).replace(/[^\p{L}\d]+/gu, '');
  const lines = blocks.flat();
  const isSender = (c: Candidate): boolean => {
    const street = compact(c.lines[0]);
    const name = compact(c.name);
    const others = lines.filter((l) => l !== c.nameLine).map(compact);
    return (
      (street.length >= 6 && others.some((l) => l.length > street.length && l.includes(street))) ||
      (name.length >= 8 && others.some((l) => editDistance(l.slice(0, name.length), name, 2) <= 2))
    );
  };
  const kept = candidates.filter((c) => !isSender(c));
  if (kept.length === 0) return null;
  kept.sort((a, b) => b.score - a.score || a.order - b.order);
  return { name: kept[0].name, lines: kept[0].lines };
}
