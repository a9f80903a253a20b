import { de } from './de';
import { en } from './en';
import { catalogueFor, languageOf } from './index';
import { uk } from './uk';

/** Every leaf path of a catalogue with its value ("consent.agree" → "I agree, continue"). */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === 'string') found.set(prefix, value);
  else if (Array.isArray(value)) value.forEach((item, index) => leaves(item, `${prefix}[${index}]`).forEach((v, k) => found.set(k, v)));
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) leaves(child, prefix ? `${prefix}.${key}` : key).forEach((v, k) => found.set(k, v));
  return found;
}

describe('widget catalogues', () => {
  const english = leaves(en);

  it.each([
    ['de', de],
    ['uk', uk],
  ])('%s has exactly the English keys, each translated and non-empty', (_language, catalogue) => {
    const translated = leaves(catalogue);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of translated) {
      expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
    }
    // A copy left in English is a missing translation (the consent version differs on purpose per language).
    const untranslated = [...translated].filter(([key, text]) => text === english.get(key)).map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it('records a distinct consent wording version per language', () => {
    expect(new Set([en.consent.textVersion, de.consent.textVersion, uk.consent.textVersion]).size).toBe(3);
    for (const version of [en, de, uk].map((c) => c.consent.textVersion)) expect(version).toMatch(/^[\x21-\x7e]{1,64}$/);
  });

  it('picks the session language and falls back to de, the spec default', () => {
    expect(catalogueFor(languageOf('uk'))).toBe(uk);
    expect(catalogueFor(languageOf('en'))).toBe(en);
    expect(languageOf('fr')).toBe('de');
    expect(languageOf(undefined)).toBe('de');
  });
});
