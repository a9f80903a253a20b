import { addYears } from '../identity';
import { type Prng } from '../prng';

export type PoaLayout = 'utility_bill' | 'bank_statement' | 'tax_letter' | 'insurance_letter';
export const ALL_POA_LAYOUTS: readonly PoaLayout[] = ['utility_bill', 'bank_statement', 'tax_letter', 'insurance_letter'];
export type PoaKind = 'utility_bill' | 'bank_statement' | 'tax_or_government_letter' | 'other';
export const KIND_OF_LAYOUT: Record<PoaLayout, PoaKind> = {
  utility_bill: 'utility_bill',
  bank_statement: 'bank_statement',
  tax_letter: 'tax_or_government_letter',
  insurance_letter: 'other',
};

export type PoaLanguage = 'de' | 'en';

interface Region {
  code: string;
  language: PoaLanguage;
  surnames: string[];
  givenNames: [string, 'M' | 'F'][];
  streets: string[];
  /** Postcode and city as one line, or two lines (UK: city above the postcode). */
  places: (rng: Prng) => string[];
  numberFirst: boolean;
}

const digits = (rng: Prng, n: number): string => Array.from({ length: n }, () => String(rng.int(0, 9))).join('');
const letter = (rng: Prng): string => rng.pick('ABDEFGHJLNPQRSTUWXYZ'.split(''));

/** Names with umlauts, accents and ß on purpose: the matcher must cope with their ICAO and OCR spellings. */
const REGIONS: readonly Region[] = [
  {
    code: 'DEU',
    language: 'de',
    surnames: ['Müller', 'Schröder', 'Weiß', 'Becker', 'Hoffmann', 'Krüger', 'Schäfer', 'Köhler', 'Groß', 'Bäcker', 'Lehmann'],
    givenNames: [
      ['Jürgen', 'M'],
      ['Lukas', 'M'],
      ['Felix', 'M'],
      ['Stefan', 'M'],
      ['Jörg', 'M'],
      ['Anna Lena', 'F'],
      ['Sophie', 'F'],
      ['Käthe', 'F'],
      ['Jördis', 'F'],
      ['Bärbel', 'F'],
    ],
    streets: ['Hauptstraße', 'Lindenweg', 'Bahnhofstraße', 'Goethestraße', 'Am Mühlbach', 'Schillerplatz', 'Gartenstraße'],
    places: (rng) => [`${rng.int(1, 9)}${digits(rng, 4)} ${rng.pick(['Berlin', 'München', 'Köln', 'Hamburg', 'Leipzig', 'Nürnberg'])}`],
    numberFirst: false,
  },
  {
    code: 'AUT',
    language: 'de',
    surnames: ['Gruber', 'Huber', 'Wagner', 'Pichler', 'Moser', 'Hölzl', 'Steiner'],
    givenNames: [
      ['Andreas', 'M'],
      ['Matthäus', 'M'],
      ['Florian', 'M'],
      ['Theresa', 'F'],
      ['Katharina', 'F'],
      ['Lisa Marie', 'F'],
    ],
    streets: ['Mariahilfer Straße', 'Landstraße', 'Kärntner Ring', 'Bergweg'],
    places: (rng) => [`${rng.int(1, 9)}${digits(rng, 3)} ${rng.pick(['Wien', 'Graz', 'Linz', 'Salzburg'])}`],
    numberFirst: false,
  },
  {
    code: 'GBR',
    language: 'en',
    surnames: ['Clarke', 'Thompson', 'Hughes', 'Walker', 'Robinson', 'Wright', 'Evans', "O'Brien"],
    givenNames: [
      ['Oliver', 'M'],
      ['James Edward', 'M'],
      ['Harry', 'M'],
      ['Emily', 'F'],
      ['Charlotte', 'F'],
      ['Amelia Rose', 'F'],
    ],
    streets: ['Kingsway Road', 'High Street', 'Station Road', 'Church Lane', 'Victoria Avenue', 'Baker Street'],
    places: (rng) => {
      const [city, area] = rng.pick([
        ['London', 'SW'],
        ['Manchester', 'M'],
        ['Leeds', 'LS'],
        ['Bristol', 'BS'],
      ]);
      const postcode = `${area}${rng.int(1, 19)} ${rng.int(1, 9)}${letter(rng)}${letter(rng)}`;
      return rng.chance(0.5) ? [city, postcode] : [`${city} ${postcode}`];
    },
    numberFirst: true,
  },
  {
    code: 'FRA',
    language: 'en',
    surnames: ['Dupont', 'Lefèvre', 'Moreau', 'Girard', 'Bérénger', 'Rousseau'],
    givenNames: [
      ['François', 'M'],
      ['Étienne', 'M'],
      ['Louis', 'M'],
      ['Hélène', 'F'],
      ['Chloé', 'F'],
      ['Inès', 'F'],
    ],
    streets: ['rue de la Paix', 'avenue Victor Hugo', 'boulevard Voltaire', 'rue des Écoles'],
    places: (rng) => [`${rng.pick(['75', '69', '13', '44'])}${digits(rng, 3)} ${rng.pick(['Paris', 'Lyon', 'Marseille', 'Nantes'])}`],
    numberFirst: true,
  },
];

export interface PoaPerson {
  firstName: string;
  lastName: string;
  sex: 'M' | 'F';
  regionCode: string;
}

export function randomPoaPerson(rng: Prng, regionCode?: string): PoaPerson {
  const region = REGIONS.find((r) => r.code === regionCode) ?? rng.pick(REGIONS);
  const [firstName, sex] = rng.pick(region.givenNames);
  return { firstName, lastName: rng.pick(region.surnames), sex, regionCode: region.code };
}

/** Another person of the same region with a different surname and first name: the false-match probe. */
export function otherPoaPerson(rng: Prng, person: PoaPerson): PoaPerson {
  for (;;) {
    const other = randomPoaPerson(rng, person.regionCode);
    if (other.lastName !== person.lastName && other.firstName !== person.firstName) return other;
  }
}

export interface PoaContent {
  layout: PoaLayout;
  language: PoaLanguage;
  person: PoaPerson;
  /** The form of address printed before the name ('' for none). */
  title: string;
  /** The title on its own line above the name (German letters: "Herrn" / "Jürgen Müller"). */
  titleOwnLine: boolean;
  /** The name as printed, without the title. */
  printedName: string;
  addressLines: string[];
  issueDate: string;
  /** Dates printed beside the issue date: due date, billing period, policy start, transactions. */
  otherDates: { caption: string; date: string }[];
  /** Which printed format the dates use. */
  dateStyle: DateStyle;
}

export type DateStyle = 'dotted' | 'slashed' | 'iso' | 'day_month' | 'month_day';

const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTHS_DE = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

export function formatDate(iso: string, style: DateStyle, language: PoaLanguage): string {
  const [y, m, d] = iso.split('-');
  const month = (language === 'de' ? MONTHS_DE : MONTHS_EN)[Number(m) - 1];
  switch (style) {
    case 'dotted':
      return `${d}.${m}.${y}`;
    case 'slashed':
      return `${d}/${m}/${y}`;
    case 'iso':
      return iso;
    case 'day_month':
      return language === 'de' ? `${Number(d)}. ${month} ${y}` : `${Number(d)} ${month} ${y}`;
    case 'month_day':
      return `${month} ${Number(d)}, ${y}`;
  }
}

/** Share of documents issued within the last 3 months of the reference date. */
const FRESH_SHARE = 0.65;

export function planPoaContent(rng: Prng, layout: PoaLayout, referenceDate: string): PoaContent {
  const person = randomPoaPerson(rng);
  const region = REGIONS.find((r) => r.code === person.regionCode) as Region;
  const language = region.language;
  const titles =
    language === 'de' ? (person.sex === 'M' ? ['Herrn', 'Herr'] : ['Frau']) : person.sex === 'M' ? ['Mr', 'Mr.'] : ['Mrs', 'Ms', 'Miss'];
  const title = rng.chance(0.7) ? rng.pick(titles) : '';
  const printedName = rng.chance(0.2) ? `${person.firstName} ${person.lastName}`.toUpperCase() : `${person.firstName} ${person.lastName}`;
  const number = `${rng.int(1, 180)}${rng.chance(0.15) ? 'abc'[rng.int(0, 2)] : ''}`;
  const street = rng.pick(region.streets);
  const streetLine = region.numberFirst ? `${number} ${street}` : `${street} ${number}`;
  const addressLines = [...(rng.chance(0.15) && language === 'en' ? [`Flat ${rng.int(1, 30)}`] : []), streetLine, ...region.places(rng)];
  const fresh = rng.chance(FRESH_SHARE);
  const issueDate = addYears(referenceDate, 0, fresh ? -rng.int(0, 80) : -rng.int(100, 600));
  const dateStyle: DateStyle = rng.pick(
    language === 'de' ? ['dotted', 'dotted', 'day_month', 'iso'] : ['slashed', 'day_month', 'month_day', 'iso'],
  );
  const after = (days: number): string => addYears(issueDate, 0, days);
  const captions = (de: string, en: string): string => (language === 'de' ? de : en);
  const otherDates: PoaContent['otherDates'] = [];
  switch (layout) {
    case 'utility_bill':
      otherDates.push({ caption: captions('Fällig am', 'Payment due'), date: after(rng.int(10, 21)) });
      otherDates.push({ caption: captions('Abrechnungszeitraum', 'Billing period'), date: after(-rng.int(35, 40)) });
      otherDates.push({ caption: '', date: after(-rng.int(3, 6)) });
      break;
    case 'bank_statement':
      otherDates.push({ caption: captions('Zeitraum', 'Period'), date: after(-rng.int(28, 31)) });
      otherDates.push({ caption: '', date: after(-1) });
      for (let i = 0; i < 4; i++) otherDates.push({ caption: 'transaction', date: after(-rng.int(2, 27)) });
      break;
    case 'tax_letter':
      otherDates.push({ caption: captions('Zahlbar bis', 'Pay by'), date: after(rng.int(28, 35)) });
      break;
    case 'insurance_letter':
      otherDates.push({
        caption: captions('Versicherungsbeginn', 'Policy start date'),
        date: addYears(issueDate, -rng.int(1, 4), rng.int(-100, 100)),
      });
      otherDates.push({ caption: captions('Nächste Fälligkeit', 'Renewal date'), date: after(rng.int(60, 200)) });
      break;
  }
  return {
    layout,
    language,
    person,
    title,
    titleOwnLine: language === 'de' && title !== '' && rng.chance(0.5),
    printedName,
    addressLines,
    issueDate,
    otherDates,
    dateStyle,
  };
}
