/** Issuing-country profiles: which languages the VIZ labels use and the card's colour scheme. */
export type VizLanguage = 'en' | 'de' | 'fr' | 'es';

export interface CountryProfile {
  code: string;
  /** Label languages in print order; bilingual documents print "Surname/Nom". */
  languages: VizLanguage[];
  nameInLocal: string;
  palette: { paper: string; guilloche: string; accent: string };
  surnames: string[];
  givenNamesMale: string[];
  givenNamesFemale: string[];
  places: string[];
}

export const COUNTRIES: readonly CountryProfile[] = [
  {
    code: 'D',
    languages: ['de', 'en', 'fr'],
    nameInLocal: 'BUNDESREPUBLIK DEUTSCHLAND',
    palette: { paper: '#eef0e4', guilloche: '#9fb59a', accent: '#6a2c3a' },
    surnames: ['Müller', 'Schröder', 'Weiß', 'Becker', 'Hoffmann', 'Krüger', 'Schäfer'],
    givenNamesMale: ['Jürgen', 'Lukas Maximilian', 'Felix', 'Stefan'],
    givenNamesFemale: ['Anna Lena', 'Sophie', 'Käthe', 'Jördis'],
    places: ['Berlin', 'München', 'Köln', 'Hamburg'],
  },
  {
    code: 'FRA',
    languages: ['fr', 'en'],
    nameInLocal: 'RÉPUBLIQUE FRANÇAISE',
    palette: { paper: '#eaeef6', guilloche: '#8ea2c8', accent: '#1d3b7a' },
    surnames: ['Dupont', 'Lefèvre', 'Moreau', 'Girard', 'Bérénger', 'Rousseau'],
    givenNamesMale: ['Jean-Luc', 'François', 'Étienne', 'Louis'],
    givenNamesFemale: ['Hélène', 'Marie Claire', 'Chloé', 'Inès'],
    places: ['Paris', 'Lyon', 'Marseille', 'Nantes'],
  },
  {
    code: 'GBR',
    languages: ['en', 'fr'],
    nameInLocal: 'UNITED KINGDOM',
    palette: { paper: '#f1ece6', guilloche: '#c4a38c', accent: '#5a1f3d' },
    surnames: ['Smith', 'Taylor', "O'Brien", 'Walker', 'Hughes'],
    givenNamesMale: ['James', 'Oliver Thomas', 'Harry'],
    givenNamesFemale: ['Emily', 'Grace Eleanor', 'Olivia'],
    places: ['London', 'Leeds', 'Bristol', 'Glasgow'],
  },
  {
    code: 'AUT',
    languages: ['de', 'en', 'fr'],
    nameInLocal: 'REPUBLIK ÖSTERREICH',
    palette: { paper: '#f3eaea', guilloche: '#c89494', accent: '#8a1c1c' },
    surnames: ['Gruber', 'Huber', 'Bauer', 'Wagner', 'Pölzl'],
    givenNamesMale: ['Florian', 'Matthäus', 'Tobias'],
    givenNamesFemale: ['Theresa', 'Magdalena', 'Lea'],
    places: ['Wien', 'Graz', 'Linz', 'Salzburg'],
  },
  {
    code: 'BEL',
    languages: ['fr', 'de', 'en'],
    nameInLocal: 'ROYAUME DE BELGIQUE',
    palette: { paper: '#eef2ea', guilloche: '#a3b58f', accent: '#3b4a1e' },
    surnames: ['Peeters', 'Janssens', 'Dubois', 'Lambert'],
    givenNamesMale: ['Thomas', 'Noé', 'Arthur'],
    givenNamesFemale: ['Léa', 'Emma', 'Manon'],
    places: ['Bruxelles', 'Liège', 'Namur'],
  },
  {
    // Takes the slot Utopia held (same list sizes, so a seed draws the same choices as before), because UTO is
    // ICAO's specimen state: a real document never carries it, and the analyzer rightly flags it as a specimen.
    code: 'IRL',
    languages: ['en'],
    nameInLocal: 'IRELAND',
    palette: { paper: '#edf3f3', guilloche: '#8cc1c1', accent: '#20575a' },
    surnames: ['Murphy', 'Kelly', 'Byrne', 'Walsh'],
    givenNamesMale: ['Seán', 'Cian', 'Patrick'],
    givenNamesFemale: ['Aoife', 'Siobhán', 'Niamh'],
    places: ['Dublin', 'Cork'],
  },
];

/**
 * Utopia, the fictitious state of ICAO Doc 9303's specimens. Only the 'specimen' fault (or an explicit country)
 * issues from it; such a document is a specimen and the analyzer is expected to say so.
 */
export const SPECIMEN_COUNTRY: CountryProfile = {
  code: 'UTO',
  languages: ['en'],
  nameInLocal: 'UTOPIA',
  palette: { paper: '#edf3f3', guilloche: '#8cc1c1', accent: '#20575a' },
  surnames: ['Eriksson', 'Nakamura', 'Okafor', 'Silva'],
  givenNamesMale: ['Anders', 'Kenji', 'Chidi'],
  givenNamesFemale: ['Ingrid', 'Yuki', 'Ada'],
  places: ['Utopia City', 'Northport'],
};

/** An issuing-state profile by code, the specimen state included. */
export function findCountry(code: string): CountryProfile | undefined {
  return code === SPECIMEN_COUNTRY.code ? SPECIMEN_COUNTRY : COUNTRIES.find((c) => c.code === code);
}

type LabelKey =
  | 'surname'
  | 'givenNames'
  | 'dateOfBirth'
  | 'sex'
  | 'nationality'
  | 'placeOfBirth'
  | 'dateOfIssue'
  | 'dateOfExpiry'
  | 'documentNumber'
  | 'type'
  | 'authority'
  | 'passport'
  | 'idCard'
  | 'address'
  | 'code';

const LABELS: Record<VizLanguage, Record<LabelKey, string>> = {
  en: {
    surname: 'Surname',
    givenNames: 'Given names',
    dateOfBirth: 'Date of birth',
    sex: 'Sex',
    nationality: 'Nationality',
    placeOfBirth: 'Place of birth',
    dateOfIssue: 'Date of issue',
    dateOfExpiry: 'Date of expiry',
    documentNumber: 'Document No.',
    type: 'Type',
    authority: 'Authority',
    passport: 'PASSPORT',
    idCard: 'IDENTITY CARD',
    address: 'Address',
    code: 'Code',
  },
  de: {
    surname: 'Name',
    givenNames: 'Vornamen',
    dateOfBirth: 'Geburtsdatum',
    sex: 'Geschlecht',
    nationality: 'Staatsangehörigkeit',
    placeOfBirth: 'Geburtsort',
    dateOfIssue: 'Ausstellungsdatum',
    dateOfExpiry: 'Gültig bis',
    documentNumber: 'Pass-Nr.',
    type: 'Typ',
    authority: 'Behörde',
    passport: 'REISEPASS',
    idCard: 'PERSONALAUSWEIS',
    address: 'Anschrift',
    code: 'Kode',
  },
  fr: {
    surname: 'Nom',
    givenNames: 'Prénoms',
    dateOfBirth: 'Date de naissance',
    sex: 'Sexe',
    nationality: 'Nationalité',
    placeOfBirth: 'Lieu de naissance',
    dateOfIssue: 'Date de délivrance',
    dateOfExpiry: "Date d'expiration",
    documentNumber: 'N° du document',
    type: 'Type',
    authority: 'Autorité',
    passport: 'PASSEPORT',
    idCard: "CARTE D'IDENTITÉ",
    address: 'Adresse',
    code: 'Code',
  },
  // Only the other layouts print Spanish, as a third caption language (classic prints the country's own two).
  es: {
    surname: 'Apellidos',
    givenNames: 'Nombre',
    dateOfBirth: 'Fecha de nacimiento',
    sex: 'Sexo',
    nationality: 'Nacionalidad',
    placeOfBirth: 'Lugar de nacimiento',
    dateOfIssue: 'Fecha de expedición',
    dateOfExpiry: 'Fecha de caducidad',
    documentNumber: 'N.º de documento',
    type: 'Tipo',
    authority: 'Autoridad',
    passport: 'PASAPORTE',
    idCard: 'DOCUMENTO DE IDENTIDAD',
    address: 'Domicilio',
    code: 'Código',
  },
};

export type { LabelKey };

/** One caption in the given languages, in that order ("Surname / Nom" with separator ' / '). */
export function labelIn(languages: readonly VizLanguage[], key: LabelKey, separator = '/'): string {
  return languages.map((lang) => LABELS[lang][key]).join(separator);
}

/** "Name/Surname/Nom" — the languages the issuing country prints, first one first. */
export function vizLabel(country: CountryProfile, key: LabelKey, maxLanguages = 2): string {
  return country.languages
    .slice(0, maxLanguages)
    .map((lang) => LABELS[lang][key])
    .join('/');
}
