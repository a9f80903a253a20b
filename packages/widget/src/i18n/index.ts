import { de } from './de';
import { type Catalogue, en } from './en';
import { uk } from './uk';

export type { Catalogue };
export type Language = 'en' | 'de' | 'uk';

const CATALOGUES: Record<Language, Catalogue> = { en, de, uk };

/** The session's `language` (spec 2.1: en, de, uk; default de) picks the catalogue; anything else falls back to de. */
export function languageOf(value: string | null | undefined): Language {
  return value === 'en' || value === 'de' || value === 'uk' ? value : 'de';
}

export function catalogueFor(language: Language): Catalogue {
  return CATALOGUES[language];
}
