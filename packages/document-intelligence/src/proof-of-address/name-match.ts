import { TITLES } from './address-block';
import { editDistance } from './edit-distance';
import { fold } from './fold';
import { nameSpellings } from './transliterate';

/** The name the identity document gave: its parts when known, else the whole name. */
export interface IdentityName {
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
}

/** Words of a name, without forms of address, punctuation and initials' dots. */
function nameWords(name: string | null | undefined): string[] {
  return (name ?? '')
    .replace(/[,;.()]/g, ' ')
    .split(/[\s-]+/)
    .map((w) => w.trim())
    .filter((w) => w.length > 0 && !TITLES.includes(fold(w)));
}

/** AE/OE/UE written for Ä/Ö/Ü, and the same word without the mark: "MUELLER" and "MULLER" collapse alike. */
function collapseUmlautSpelling(word: string): string {
  return word.replace(/([AOU])E/g, '$1');
}

/**
 * One word of the bill against one of the identity: equal in some spelling of each, or within one OCR edit for
 * words of five letters or more. A lone initial ("J.") matches a word starting with it.
 */
export function nameWordsMatch(billWord: string, identityWord: string): boolean {
  // The OCR reads ß as B ("GroB"); a capital B after a small letter is read back as SS.
  const bill = [...nameSpellings(billWord), ...(/\p{Ll}B/u.test(billWord) ? nameSpellings(billWord.replace(/(?<=\p{Ll})B/gu, 'ss')) : [])];
  const identity = nameSpellings(identityWord);
  if (bill.length === 0 || identity.length === 0) return false;
  if (bill.some((b) => b.length === 1) || identity.some((i) => i.length === 1))
    return bill.some((b) => identity.some((i) => b[0] === i[0] && (b.length === 1 || i.length === 1)));
  for (const b of bill) {
    for (const i of identity) {
      if (b === i || collapseUmlautSpelling(b) === collapseUmlautSpelling(i)) return true;
      if (Math.min(b.length, i.length) >= 5 && editDistance(b, i, 1) <= 1) return true;
    }
  }
  return false;
}

export type HolderNameComparison = 'match' | 'surname_only' | 'mismatch';

/**
 * Whether the name on a proof of address is the identity document's holder: in any order, any case, with or
 * without diacritics or their ICAO spelling (Müller = MUELLER = MULLER), Cyrillic identity names transliterated,
 * titles dropped. Every surname word must be on the bill, and at least one given name; further given names
 * (middle names) may be missing from either side; at most one word of the bill may be unaccounted for.
 * With only a full name, at least two of its words (or its only word) must be on the bill.
 */
export function holderNameMatches(poaName: string, identity: IdentityName): boolean {
  return compareHolderName(poaName, identity) === 'match';
}

/**
 * holderNameMatches, and besides: 'surname_only' when every surname word is on the bill but the given names are
 * not (a relative's bill, or a given name the OCR garbled: "Inhs" for "Inès"); with only a full name, when one
 * of its words is.
 */
export function compareHolderName(poaName: string, identity: IdentityName): HolderNameComparison {
  const matched = holderNameMatchesStrictly(poaName, identity);
  if (matched) return 'match';
  const bill = nameWords(poaName);
  const found = (word: string): boolean => bill.some((b) => nameWordsMatch(b, word));
  const surname = nameWords(identity.lastName);
  if (surname.length > 0) return surname.every(found) ? 'surname_only' : 'mismatch';
  const full = nameWords(identity.fullName);
  return full.some(found) ? 'surname_only' : 'mismatch';
}

function holderNameMatchesStrictly(poaName: string, identity: IdentityName): boolean {
  const bill = nameWords(poaName).filter((w) => w.length > 1 || /\p{L}/u.test(w));
  if (bill.length === 0) return false;
  const found = (word: string): boolean => bill.some((b) => nameWordsMatch(b, word));
  const explained = (b: string, words: string[]): boolean => words.some((w) => nameWordsMatch(b, w));
  const surname = nameWords(identity.lastName);
  const given = nameWords(identity.firstName);
  if (surname.length > 0) {
    if (!surname.every(found)) return false;
    if (given.length > 0 && !given.some(found)) return false;
    const all = [...surname, ...given];
    return bill.filter((b) => !explained(b, all)).length <= 1;
  }
  const full = nameWords(identity.fullName ?? [identity.firstName, identity.lastName].filter(Boolean).join(' '));
  if (full.length === 0) return false;
  const matched = full.filter(found).length;
  return matched >= Math.min(2, full.length) && bill.filter((b) => !explained(b, full)).length <= 1;
}
