import { computeCheckDigit } from '../mrz/check-digit';

export interface SyntheticIdentity {
  format: 'TD1' | 'TD3';
  surname: string;
  givenNames: string;
  documentNumber: string;
  nationality: string;
  birth: string; // YYMMDD
  expiry: string; // YYMMDD
  sex: 'M' | 'F';
  lines: string[];
}

const SURNAMES = ['MUELLER', 'DUBOIS', 'SCHMIDT', 'MARTIN', 'ERIKSSON', 'ROSSI', 'NOWAK', 'GARCIA', 'JANSEN', 'TAMM'];
const GIVEN = ['ANNA', 'LUKAS', 'MARIE', 'PIERRE', 'SOFIA', 'JONAS', 'ELENA', 'PAUL', 'LIIS', 'MATEO'];
const STATES = ['DEU', 'FRA', 'EST', 'ITA', 'POL', 'ESP', 'NLD', 'AUT'];

/** Deterministic pseudo-random numbers (mulberry32) so bench runs are comparable. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (text: string, length: number) => text.padEnd(length, '<').slice(0, length);
const two = (n: number) => String(n).padStart(2, '0');

/** A consistent identity with an ICAO-valid MRZ (all check digits computed). */
export function syntheticIdentity(random: () => number, format: 'TD1' | 'TD3'): SyntheticIdentity {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const surname = pick(SURNAMES);
  const givenNames = pick(GIVEN);
  const nationality = pick(STATES);
  const alnum = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';
  const documentNumber = Array.from({ length: 9 }, (_, i) =>
    i < 2 ? alnum[10 + Math.floor(random() * 23)] : String(Math.floor(random() * 10)),
  ).join('');
  const birth = `${two(50 + Math.floor(random() * 50))}${two(1 + Math.floor(random() * 12))}${two(1 + Math.floor(random() * 28))}`;
  const expiry = `${two(27 + Math.floor(random() * 8))}${two(1 + Math.floor(random() * 12))}${two(1 + Math.floor(random() * 28))}`;
  const sex = random() < 0.5 ? 'M' : 'F';
  const cd = (s: string) => String(computeCheckDigit(s));
  let lines: string[];
  if (format === 'TD3') {
    const personal = '<'.repeat(14);
    const body = `${documentNumber}${cd(documentNumber)}${nationality}${birth}${cd(birth)}${sex}${expiry}${cd(expiry)}${personal}<`;
    const composite = cd(`${documentNumber}${cd(documentNumber)}${birth}${cd(birth)}${expiry}${cd(expiry)}${personal}<`);
    lines = [pad(`P<${nationality}${surname}<<${givenNames}`, 44), `${body}${composite}`];
  } else {
    const line1 = pad(`ID${nationality}${documentNumber}${cd(documentNumber)}`, 30);
    const line2head = `${birth}${cd(birth)}${sex}${expiry}${cd(expiry)}${nationality}${'<'.repeat(11)}`;
    const composite = cd(`${line1.slice(5, 30)}${line2head.slice(0, 7)}${line2head.slice(8, 15)}${line2head.slice(18, 29)}`);
    lines = [line1, `${line2head}${composite}`, pad(`${surname}<<${givenNames}`, 30)];
  }
  return { format, surname, givenNames, documentNumber, nationality, birth, expiry, sex, lines };
}
