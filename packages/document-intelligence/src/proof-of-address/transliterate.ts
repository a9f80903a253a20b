/** ICAO 9303 part 3 transliteration of Latin letters with diacritics that do not simply lose their mark. */
const LATIN: Record<string, string> = {
  Ä: 'AE',
  Ö: 'OE',
  Ü: 'UE',
  ß: 'SS',
  ẞ: 'SS',
  Æ: 'AE',
  Ø: 'OE',
  Å: 'AA',
  Œ: 'OE',
  Þ: 'TH',
  Ð: 'D',
  Đ: 'D',
  Ł: 'L',
  Ĳ: 'IJ',
};

/**
 * ICAO 9303 part 3 Cyrillic → Latin. Г is H and И is Y in Ukrainian; both readings are kept (the second
 * table) because a name alone does not say its language.
 */
const CYRILLIC: Record<string, string> = {
  А: 'A',
  Б: 'B',
  В: 'V',
  Г: 'G',
  Ґ: 'G',
  Д: 'D',
  Е: 'E',
  Ё: 'E',
  Є: 'IE',
  Ж: 'ZH',
  З: 'Z',
  И: 'I',
  І: 'I',
  Ї: 'I',
  Й: 'I',
  К: 'K',
  Л: 'L',
  М: 'M',
  Н: 'N',
  О: 'O',
  П: 'P',
  Р: 'R',
  С: 'S',
  Т: 'T',
  У: 'U',
  Ф: 'F',
  Х: 'KH',
  Ц: 'TS',
  Ч: 'CH',
  Ш: 'SH',
  Щ: 'SHCH',
  Ъ: 'IE',
  Ы: 'Y',
  Ь: '',
  Э: 'E',
  Ю: 'IU',
  Я: 'IA',
  "'": '',
  '’': '',
};
const UKRAINIAN: Record<string, string> = { ...CYRILLIC, Г: 'H', И: 'Y' };

function mapLetters(upper: string, table: Record<string, string>): string {
  let out = '';
  for (const ch of upper) {
    if (ch in table) out += table[ch];
    else if (ch in LATIN) out += LATIN[ch];
    else out += ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  }
  return out.replace(/[^A-Z0-9]/g, '');
}

/**
 * The spellings one word of a name may have in Latin capitals: the ICAO form ("Müller" → MUELLER), the form
 * with marks dropped (MULLER, what a form without umlauts or an OCR without the glyph gives), and for
 * Cyrillic the Russian and Ukrainian readings.
 */
export function nameSpellings(word: string): string[] {
  const upper = word.normalize('NFC').toUpperCase();
  const forms = new Set<string>([mapLetters(upper, CYRILLIC), mapLetters(upper, UKRAINIAN)]);
  forms.add(
    upper
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ß/g, 'SS')
      .replace(/[^A-Z0-9]/g, ''),
  );
  forms.delete('');
  return [...forms];
}
