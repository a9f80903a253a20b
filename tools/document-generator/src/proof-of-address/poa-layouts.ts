import type * as opentype from 'opentype.js';
import { type Prng } from '../prng';
import { textPath, textWidth } from '../render/fonts';
import { formatDate, type PoaContent } from './poa-content';

/** A4 portrait at 150 dpi. */
export const PAGE_WIDTH = 1240;
export const PAGE_HEIGHT = 1754;
const LEFT = 120;
const RIGHT = PAGE_WIDTH - 120;
const BODY = 24;

export interface PoaFonts {
  sans: opentype.Font;
  sansBold: opentype.Font;
}

/** SVG of one page, drawn top to bottom. */
class Page {
  private parts: string[] = [];
  constructor(private readonly fonts: PoaFonts) {}

  text(text: string, x: number, y: number, size = BODY, options: { bold?: boolean; fill?: string; align?: 'left' | 'right' } = {}): void {
    const font = options.bold ? this.fonts.sansBold : this.fonts.sans;
    const left = options.align === 'right' ? x - textWidth(font, text, size) : x;
    this.parts.push(textPath(font, text, left, y, size, options.fill ?? '#1a1a1a'));
  }

  rect(x: number, y: number, w: number, h: number, fill: string): void {
    this.parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"/>`);
  }

  raw(svg: string): void {
    this.parts.push(svg);
  }

  svg(paper: string): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE_WIDTH}" height="${PAGE_HEIGHT}">` +
      `<rect width="${PAGE_WIDTH}" height="${PAGE_HEIGHT}" fill="${paper}"/>${this.parts.join('')}</svg>`
    );
  }
}

interface Issuer {
  name: string;
  street: string;
  place: string;
  colour: string;
}

const ISSUERS: Record<PoaContent['layout'], Record<PoaContent['language'], Issuer[]>> = {
  utility_bill: {
    de: [
      { name: 'Stadtwerke Musterstadt GmbH', street: 'Energiestraße 10', place: '12345 Musterstadt', colour: '#d9531e' },
      { name: 'Nordlicht Energie AG', street: 'Am Kraftwerk 2', place: '20095 Hamburg', colour: '#1f6fb2' },
    ],
    en: [
      { name: 'Northern Power Ltd', street: '1 Grid Way', place: 'Leeds LS1 4AP', colour: '#2d8a4e' },
      { name: 'Albion Water plc', street: '20 Reservoir Road', place: 'Bristol BS1 5TR', colour: '#1b75bb' },
    ],
  },
  bank_statement: {
    de: [
      { name: 'Sparkasse Musterstadt', street: 'Marktplatz 1', place: '12345 Musterstadt', colour: '#e2001a' },
      { name: 'Hanse Direktbank AG', street: 'Ballindamm 7', place: '20095 Hamburg', colour: '#003a70' },
    ],
    en: [
      { name: 'Northbank plc', street: '5 Lombard Street', place: 'London EC3V 9AA', colour: '#00205b' },
      { name: 'Thistle Savings Bank', street: '12 George Street', place: 'Edinburgh EH2 2PF', colour: '#6b2c91' },
    ],
  },
  tax_letter: {
    de: [
      { name: 'Finanzamt Berlin-Mitte', street: 'Neue Jakobstraße 6', place: '10179 Berlin', colour: '#444444' },
      { name: 'Stadtverwaltung Musterstadt, Bürgeramt', street: 'Rathausplatz 1', place: '12345 Musterstadt', colour: '#7a5c00' },
    ],
    en: [
      { name: 'HM Revenue & Customs', street: 'BX9 1AS', place: 'United Kingdom', colour: '#006548' },
      { name: 'Borough Council, Council Tax Office', street: 'Town Hall, 1 Civic Square', place: 'Manchester M2 5DB', colour: '#4b4b8f' },
    ],
  },
  insurance_letter: {
    de: [
      { name: 'Rhein Versicherung AG', street: 'Versicherungsplatz 3', place: '50667 Köln', colour: '#0a7d8c' },
      { name: 'Funkwerk Mobilfunk GmbH', street: 'Antennenweg 9', place: '40210 Düsseldorf', colour: '#9c1f74' },
    ],
    en: [
      { name: 'Shield Home Insurance Ltd', street: '8 Harbour Quay', place: 'Cardiff CF10 4PA', colour: '#c0392b' },
      { name: 'Skyline Mobile Ltd', street: '40 Tower Road', place: 'Birmingham B1 1AA', colour: '#2c3e99' },
    ],
  },
};

function money(rng: Prng, language: PoaContent['language'], min: number, max: number): string {
  const value = rng.float(min, max).toFixed(2);
  return language === 'de' ? `${value.replace('.', ',')} €` : `£${value}`;
}

/**
 * One proof-of-address page: the issuer's logo block, the sender line and addressee in the envelope window, an
 * information box on the right (issue date among customer numbers), a title, the body with distractor dates
 * (due date, period, transactions), and the issuer's address in the footer.
 */
export function poaPageSvg(fonts: PoaFonts, rng: Prng, content: PoaContent): string {
  const page = new Page(fonts);
  const de = content.language === 'de';
  const issuer = rng.pick(ISSUERS[content.layout][content.language]);
  const date = (iso: string): string => formatDate(iso, content.dateStyle, content.language);
  // Logo: a coloured mark and the issuer's name; some issuers print their address block top right.
  const logoSize = rng.int(70, 100);
  if (rng.chance(0.5)) page.rect(LEFT, 90, logoSize, logoSize, issuer.colour);
  else page.raw(`<circle cx="${LEFT + logoSize / 2}" cy="${90 + logoSize / 2}" r="${logoSize / 2}" fill="${issuer.colour}"/>`);
  page.text(issuer.name, LEFT + logoSize + 24, 90 + logoSize / 2 + 14, 38, { bold: true, fill: issuer.colour });
  const issuerBlockRight = rng.chance(0.4);
  if (issuerBlockRight) {
    page.text(issuer.name, RIGHT, 250, 20, { align: 'right' });
    page.text(issuer.street, RIGHT, 278, 20, { align: 'right' });
    page.text(issuer.place, RIGHT, 306, 20, { align: 'right' });
  }
  // Envelope window: the sender in one small line, then the addressee.
  page.text(`${issuer.name} · ${issuer.street} · ${issuer.place}`, LEFT, 330, 15, { fill: '#555' });
  page.rect(LEFT, 338, 700, 1, '#888');
  let y = 385;
  const nameLines = content.title
    ? content.titleOwnLine
      ? [content.title, content.printedName]
      : [`${content.title} ${content.printedName}`]
    : [content.printedName];
  for (const line of [...nameLines, ...content.addressLines]) {
    page.text(line, LEFT, y, BODY + 2);
    y += 34;
  }
  // Information box on the right, level with the address: the issue date among numbers.
  const infoX = 780;
  let infoY = issuerBlockRight ? 400 : 385;
  const issueCaption = rng.pick(
    de
      ? {
          utility_bill: ['Rechnungsdatum:', 'Datum:'],
          bank_statement: ['Datum:', 'Erstellt am:'],
          tax_letter: ['Datum:', 'Ausstellungsdatum:'],
          insurance_letter: ['Datum:'],
        }[content.layout]
      : {
          utility_bill: ['Bill date:', 'Invoice date:', 'Date:'],
          bank_statement: ['Statement date:', 'Date:'],
          tax_letter: ['Date:', 'Issue date:'],
          insurance_letter: ['Date:', 'Letter date:'],
        }[content.layout],
  );
  const datePlacement = content.layout === 'tax_letter' && rng.chance(0.5) ? 'place_line' : 'box';
  const infoRows: [string, string][] = [
    [de ? 'Kundennummer:' : 'Customer no.:', `${rng.int(100000, 999999)}`],
    ...(datePlacement === 'box' ? [[issueCaption, date(content.issueDate)] as [string, string]] : []),
    [de ? 'Seite:' : 'Page:', '1 / 1'],
  ];
  if (rng.chance(0.5)) infoRows.reverse();
  for (const [caption, value] of infoRows) {
    page.text(caption, infoX, infoY, 20, { fill: '#444' });
    page.text(value, RIGHT, infoY, 20, { align: 'right' });
    infoY += 30;
  }
  y = Math.max(y, infoY) + 60;
  if (datePlacement === 'place_line') {
    const city = issuer.place.replace(/^[\d\s-]+/, '').split(' ')[0];
    page.text(`${city}, ${date(content.issueDate)}`, RIGHT, y, BODY, { align: 'right' });
    y += 60;
  }
  const others = content.otherDates;
  const line = (text: string, size = BODY, bold = false): void => {
    page.text(text, LEFT, y, size, { bold });
    y += Math.round(size * 1.6);
  };
  switch (content.layout) {
    case 'utility_bill': {
      line(
        de
          ? rng.pick(['Ihre Stromrechnung', 'Ihre Gasrechnung', 'Jahresabrechnung Strom'])
          : rng.pick(['Your electricity bill', 'Your gas bill', 'Your water bill']),
        38,
        true,
      );
      y += 10;
      line(`${others[1].caption} ${date(others[1].date)} - ${date(others[2].date)}`);
      line(`${de ? 'Zählerstand alt / neu' : 'Meter reading previous / current'}: ${rng.int(10000, 40000)} / ${rng.int(40001, 60000)}`);
      line(`${de ? 'Verbrauch' : 'Consumption'}: ${rng.int(120, 900)} kWh`);
      line(`${de ? 'Rechnungsbetrag' : 'Amount due'}: ${money(rng, content.language, 40, 300)}`, BODY, true);
      line(`${others[0].caption}: ${date(others[0].date)}`);
      y += 20;
      line(de ? 'Der Betrag wird per Lastschrift von Ihrem Konto eingezogen.' : 'We will collect this amount by Direct Debit.');
      break;
    }
    case 'bank_statement': {
      line(de ? 'Kontoauszug' : rng.pick(['Statement of account', 'Bank statement']), 38, true);
      y += 10;
      line(`${others[0].caption}: ${date(others[0].date)} - ${date(others[1].date)}`);
      line(
        de
          ? `IBAN DE${rng.int(10, 99)} ${rng.int(1000, 9999)} ${rng.int(1000, 9999)} ${rng.int(1000, 9999)} ${rng.int(10, 99)}`
          : `Sort code ${rng.int(10, 99)}-${rng.int(10, 99)}-${rng.int(10, 99)}  Account ${rng.int(10000000, 99999999)}`,
      );
      line(`${de ? 'Alter Kontostand' : 'Opening balance'}: ${money(rng, content.language, 100, 5000)}`);
      y += 10;
      const payees = de
        ? ['Miete', 'REWE Markt', 'Gehalt', 'Stadtwerke', 'Apotheke']
        : ['Rent', 'Tesco Stores', 'Salary', 'Council Tax', 'Pharmacy'];
      for (const t of others.slice(2)) {
        page.text(date(t.date), LEFT, y, 22);
        page.text(rng.pick(payees), LEFT + 260, y, 22);
        page.text(money(rng, content.language, 5, 900), RIGHT, y, 22, { align: 'right' });
        y += 36;
      }
      y += 10;
      line(`${de ? 'Neuer Kontostand' : 'Closing balance'}: ${money(rng, content.language, 100, 5000)}`, BODY, true);
      break;
    }
    case 'tax_letter': {
      line(
        de ? rng.pick(['Steuerbescheid für 2025', 'Meldebescheinigung']) : rng.pick(['Council Tax Bill 2026/27', 'Your tax code notice']),
        36,
        true,
      );
      y += 10;
      line(de ? 'Sehr geehrte Damen und Herren,' : 'Dear taxpayer,');
      line(de ? 'hiermit erhalten Sie den Bescheid über die festgesetzte Steuer.' : 'this notice sets out the tax payable for the year.');
      line(`${de ? 'Festgesetzter Betrag' : 'Amount payable'}: ${money(rng, content.language, 80, 2500)}`, BODY, true);
      line(`${others[0].caption}: ${date(others[0].date)}`);
      line(
        de
          ? `Steuernummer ${rng.int(10, 99)}/${rng.int(100, 999)}/${rng.int(10000, 99999)}`
          : `Reference ${rng.int(100, 999)} ${rng.int(1000000, 9999999)}`,
      );
      break;
    }
    case 'insurance_letter': {
      line(
        de
          ? rng.pick(['Versicherungsbestätigung', 'Ihr Mobilfunkvertrag'])
          : rng.pick(['Your home insurance policy', 'Your mobile phone contract']),
        36,
        true,
      );
      y += 10;
      line(`${de ? 'Vertragsnummer' : 'Policy number'}: ${rng.int(1000000, 9999999)}`);
      line(`${others[0].caption}: ${date(others[0].date)}`);
      line(`${others[1].caption}: ${date(others[1].date)}`);
      line(`${de ? 'Beitrag monatlich' : 'Monthly premium'}: ${money(rng, content.language, 9, 90)}`);
      line(de ? 'Bitte bewahren Sie dieses Schreiben gut auf.' : 'Please keep this letter for your records.');
      break;
    }
  }
  // Footer.
  page.rect(LEFT, PAGE_HEIGHT - 150, RIGHT - LEFT, 2, issuer.colour);
  page.text(`${issuer.name} · ${issuer.street} · ${issuer.place}`, LEFT, PAGE_HEIGHT - 115, 16, { fill: '#555' });
  const paper = rng.pick(['#ffffff', '#fdfdf8', '#f7f7f2', '#fbfaf5']);
  return page.svg(paper);
}
