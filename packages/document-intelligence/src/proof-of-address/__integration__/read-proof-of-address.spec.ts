import sharp from 'sharp';
import { judgeProofOfAddress } from '../judge-proof-of-address';
import { holderNameMatches } from '../name-match';
import { readProofOfAddress } from '../read-proof-of-address';
import { type ProofOfAddressReading } from '../types';

/**
 * Real ONNX inference (PP-OCR detection and recognition) over an A4 page drawn with sharp + SVG text: the
 * integration tier of this package (src/**\/__integration__, see jest.preset.js withTiers).
 */
const TIMEOUT = 120_000;

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/** A4 at 150 dpi: logo, sender line, addressee left, date box right, the bill's body with distractor dates. */
async function billPage(): Promise<Buffer> {
  const rows: [string, number, number, number, string?][] = [
    ['Stadtwerke Musterstadt GmbH', 220, 150, 38, 'bold'],
    ['Stadtwerke Musterstadt GmbH · Energiestraße 10 · 12345 Musterstadt', 120, 330, 15],
    ['Herrn Jürgen Müller', 120, 385, 26],
    ['Hauptstraße 5a', 120, 419, 26],
    ['10115 Berlin', 120, 453, 26],
    ['Kundennummer:', 780, 385, 20],
    ['481516', 1000, 385, 20],
    ['Rechnungsdatum:', 780, 415, 20],
    ['04.03.2026', 1000, 415, 20],
    ['Ihre Stromrechnung', 120, 600, 38, 'bold'],
    ['Abrechnungszeitraum 01.02.2026 - 28.02.2026', 120, 670, 24],
    ['Verbrauch: 312 kWh', 120, 710, 24],
    ['Rechnungsbetrag: 98,40 €', 120, 750, 24],
    ['Fällig am: 18.03.2026', 120, 790, 24],
  ];
  const text = rows
    .map(
      ([t, x, y, size, weight]) =>
        `<text x="${x}" y="${y}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" ${weight ? 'font-weight="bold"' : ''} fill="#1a1a1a">${escape(t)}</text>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="1754"><rect width="1240" height="1754" fill="#fff"/>` +
    `<rect x="120" y="90" width="80" height="80" fill="#d9531e"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('readProofOfAddress on a rendered utility bill (real OCR models)', () => {
  let reading: ProofOfAddressReading;
  beforeAll(async () => {
    reading = await readProofOfAddress(await billPage());
  }, TIMEOUT);

  it('reads the addressee, the issue date beside its caption (not the period or due date) and the kind', () => {
    expect(reading.kind).toBe('utility_bill');
    expect(reading.issueDate).toBe('2026-03-04');
    expect(reading.holderName).not.toBeNull();
    expect(holderNameMatches(reading.holderName as string, { firstName: 'JUERGEN', lastName: 'MUELLER' })).toBe(true);
    expect(reading.addressLines).toHaveLength(2);
    expect(reading.addressLines[1]).toBe('10115 Berlin');
  });

  it('is verified for the holder within three months and rejected for someone else', () => {
    const now = new Date('2026-03-20T00:00:00Z');
    expect(judgeProofOfAddress(reading, { identityName: { firstName: 'JUERGEN', lastName: 'MUELLER' }, now, maxAgeMonths: 3 })).toEqual({
      status: 'verified',
      reasons: [],
      nameMatch: 'match',
    });
    expect(judgeProofOfAddress(reading, { identityName: { firstName: 'ANNA', lastName: 'SCHMIDT' }, now, maxAgeMonths: 3 }).status).toBe(
      'rejected',
    );
  });
});
