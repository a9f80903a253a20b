import sharp from 'sharp';
import { labelsCsv } from './batch';
import { DOCUMENT_LAYOUTS, LAYOUT_DESIGNS } from './document-layouts';
import { generateDocument, GeneratorInputError } from './generate';
import { type ExpectedFields } from './ground-truth';
import { validateMrz } from './mrz/validate';
import { loadDocumentFonts } from './render/fonts';
import { mrzZone, TD1_SIZE, TD3_SIZE } from './render/layouts';

jest.setTimeout(180_000);

const NEW_LAYOUTS = DOCUMENT_LAYOUTS.filter((l) => l !== 'classic');

/** The cells a layout marked as printing a truth field: field → the text drawn. */
function drawnFields(svg: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const m of svg.matchAll(/<g data-field="([A-Za-z]+)" data-value="([^"]*)">/g)) {
    fields.set(
      m[1],
      m[2]
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&amp;/g, '&'),
    );
  }
  return fields;
}

/** The date as any layout prints it, reduced to its digits and month name: 12.03.1985, 12/03/1985, 12 03 1985, 12 MAR 1985. */
function dateMatches(printed: string, iso: string): boolean {
  const [y, m, d] = iso.split('-');
  const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
  return [`${d}.${m}.${y}`, `${d}/${m}/${y}`, `${d} ${m} ${y}`, `${d} ${months[Number(m) - 1]} ${y}`].includes(printed);
}

function expectDrawnToMatchTruth(svg: string, truth: ExpectedFields): void {
  const drawn = drawnFields(svg);
  const expected: [keyof ExpectedFields, (printed: string) => boolean][] = [
    ['lastName', (p) => p === truth.lastName.toUpperCase()],
    ['firstName', (p) => p === truth.firstName.toUpperCase()],
    ['dateOfBirth', (p) => dateMatches(p, truth.dateOfBirth)],
    ['sex', (p) => p === truth.sex],
    ['nationality', (p) => p === truth.nationality],
    ['documentNumber', (p) => p === truth.documentNumber],
    ['expiryDate', (p) => dateMatches(p, truth.expiryDate)],
  ];
  for (const [field, ok] of expected) {
    expect([field, drawn.has(field)]).toEqual([field, true]);
    expect([field, ok(drawn.get(field)!)]).toEqual([field, true]);
  }
  // The two optional fields: in the truth exactly when drawn, and drawn as the truth has them.
  expect(drawn.has('issueDate')).toBe(truth.issueDate !== undefined);
  if (truth.issueDate) expect(dateMatches(drawn.get('issueDate')!, truth.issueDate)).toBe(true);
  expect(drawn.has('placeOfBirth')).toBe(truth.placeOfBirth !== undefined);
  if (truth.placeOfBirth) expect(drawn.get('placeOfBirth')).toBe(truth.placeOfBirth.toUpperCase());
}

describe('document layouts', () => {
  it('lists classic first and at least three more, each a design of all three sides', () => {
    expect(DOCUMENT_LAYOUTS[0]).toBe('classic');
    expect(NEW_LAYOUTS.length).toBeGreaterThanOrEqual(3);
    for (const layout of NEW_LAYOUTS) {
      const design = LAYOUT_DESIGNS[layout];
      expect([layout, !!design.passport.render, !!design.front.render, !!design.back.render]).toEqual([layout, true, true, true]);
    }
  });

  it.each(NEW_LAYOUTS)('%s: a passport whose MRZ validates, whose drawn fields are its truth, with the layout recorded', async (layout) => {
    const doc = await generateDocument({ seed: 21, index: 4, documentType: 'passport', layout, keepSvg: true });
    expect(doc.layout).toBe(layout);
    const [page] = doc.images;
    expect(page.truth.layout).toBe(layout);
    expect(validateMrz(page.truth.mrz!.lines).valid).toBe(true);
    expectDrawnToMatchTruth(page.svg!, page.truth.extractedData);
    // The MRZ drawn is the truth's, in OCR-B at ICAO's pitch where classic prints it.
    expect(page.svg!.includes(mrzZone(loadDocumentFonts(), page.truth.mrz!.lines, TD3_SIZE.width, TD3_SIZE.height, 62))).toBe(true);
    const meta = await sharp(page.jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', page.truth.image.width, page.truth.image.height]);
  });

  it.each(NEW_LAYOUTS)('%s: an ID card whose front and back draw what their truth says, the back MRZ valid', async (layout) => {
    const doc = await generateDocument({ seed: 21, index: 5, documentType: 'id_card', layout, keepSvg: true });
    const [front, back] = doc.images;
    expect([front.truth.side, back.truth.side, front.truth.layout, back.truth.layout]).toEqual(['front', 'back', layout, layout]);
    expect(front.truth.mrz).toBeNull();
    expect(validateMrz(back.truth.mrz!.lines).valid).toBe(true);
    expect(back.svg!.includes(mrzZone(loadDocumentFonts(), back.truth.mrz!.lines, TD1_SIZE.width, TD1_SIZE.height, 46))).toBe(true);
    expectDrawnToMatchTruth(front.svg!, front.truth.extractedData);
    // A back prints no names, birth date or number in its VIZ (its MRZ does): only the optional fields are held to it.
    const drawnBack = drawnFields(back.svg!);
    expect(drawnBack.has('issueDate')).toBe(back.truth.extractedData.issueDate !== undefined);
    expect(drawnBack.has('placeOfBirth')).toBe(back.truth.extractedData.placeOfBirth !== undefined);
    // Between them, the two sides print the issue date and place of birth once each.
    expect(front.truth.extractedData.issueDate !== undefined).not.toBe(back.truth.extractedData.issueDate !== undefined);
    expect(front.truth.extractedData.placeOfBirth !== undefined).not.toBe(back.truth.extractedData.placeOfBirth !== undefined);
  });

  it.each(DOCUMENT_LAYOUTS)(
    '%s: deterministic per seed, and another layout shows the same person under the same capture',
    async (layout) => {
      const a = await generateDocument({ seed: 33, index: 2, documentType: 'id_card', degrade: 'mixed', layout });
      const b = await generateDocument({ seed: 33, index: 2, documentType: 'id_card', degrade: 'mixed', layout });
      expect(a.images.map((im, k) => im.jpeg.equals(b.images[k].jpeg))).toEqual([true, true]);
      const other = await generateDocument({
        seed: 33,
        index: 2,
        documentType: 'id_card',
        degrade: 'mixed',
        layout: layout === 'classic' ? 'numbered-serif' : 'classic',
      });
      expect(other.images[1].jpeg.equals(a.images[1].jpeg)).toBe(false);
      expect(other.images[1].truth.mrz).toEqual(a.images[1].truth.mrz);
      expect(other.images.map((i) => i.truth.degradations)).toEqual(a.images.map((i) => i.truth.degradations));
    },
  );

  it('without a layout: a seeded choice, the same for a seed and index, every layout drawn over a batch', async () => {
    const chosen: string[] = [];
    for (let index = 0; index < 16; index++) {
      const doc = await generateDocument({ seed: 2026, index, documentType: 'passport' });
      chosen.push(doc.layout);
    }
    expect(new Set(chosen)).toEqual(new Set(DOCUMENT_LAYOUTS));
    const again = await generateDocument({ seed: 2026, index: 5, documentType: 'passport' });
    expect(again.layout).toBe(chosen[5]);
  });

  it('refuses an unknown layout with a typed error naming the known ones', async () => {
    await expect(generateDocument({ seed: 1, index: 0, layout: 'gothic' })).rejects.toThrow(GeneratorInputError);
    await expect(generateDocument({ seed: 1, index: 0, layout: 'gothic' })).rejects.toThrow(/classic/);
  });

  it('labels.csv carries each image layout in its own column', async () => {
    const doc = await generateDocument({ seed: 9, index: 1, documentType: 'id_card', layout: 'banded-condensed' });
    const [header, ...rows] = labelsCsv(doc.images.map((i) => i.truth))
      .trim()
      .split('\n');
    const column = header.split(',').indexOf('layout');
    expect(column).toBeGreaterThan(1);
    expect(rows.map((r) => r.split(',')[column])).toEqual(['banded-condensed', 'banded-condensed']);
  });
});
