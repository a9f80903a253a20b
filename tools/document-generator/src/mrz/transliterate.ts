/** ICAO 9303 part 3 §6 transliteration of Latin names into MRZ characters (the common subset). */
const SPECIAL: Record<string, string> = {
  Ä: 'AE',
  Ö: 'OE',
  Ü: 'UE',
  ß: 'SS',
  Æ: 'AE',
  Ø: 'OE',
  Å: 'AA',
  Œ: 'OE',
  Þ: 'TH',
  Ð: 'D',
};

export function transliterateToMrz(text: string): string {
  const upper = text.toUpperCase();
  let out = '';
  for (const ch of upper) {
    if (SPECIAL[ch]) {
      out += SPECIAL[ch];
      continue;
    }
    const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    if (/^[A-Z0-9]$/.test(base)) out += base;
    else out += '<'; // spaces, hyphens and apostrophes become fillers
  }
  return out;
}
