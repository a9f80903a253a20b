import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * Proof-of-address documents made on the spot: a one-page utility bill as a real PDF (pdf-lib,
 * standard fonts), and the hostile variants the intake must refuse.
 */
export async function proofOfAddressPdf(options: { holder: string; issued: Date; street?: string; city?: string }): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const date = `${String(options.issued.getUTCDate()).padStart(2, '0')}.${String(options.issued.getUTCMonth() + 1).padStart(2, '0')}.${options.issued.getUTCFullYear()}`;
  const lines: [string, number, number, typeof regular, number][] = [
    ['Stadtwerke Musterstadt GmbH', 50, 790, bold, 18],
    ['Energieversorgung - Strom und Gas', 50, 770, regular, 11],
    [options.holder, 50, 690, regular, 13],
    [options.street ?? 'Hauptstrasse 12', 50, 672, regular, 13],
    [options.city ?? '10115 Berlin', 50, 654, regular, 13],
    ['Stromrechnung', 50, 590, bold, 16],
    [`Rechnungsdatum: ${date}`, 360, 590, regular, 12],
    ['Kundennummer: 4711 0815', 360, 572, regular, 12],
    ['Verbrauch 01.08. - 31.10.: 812 kWh', 50, 540, regular, 12],
    ['Gesamtbetrag: 243,17 EUR', 50, 520, regular, 12],
  ];
  for (const [text, x, y, font, size] of lines) page.drawText(text, { x, y, size, font });
  return Buffer.from(await pdf.save());
}

/**
 * A PDF under the standard security handler with a user password (RC4, revision 2): readers must
 * ask for the password. The /U entry is not one an empty password produces, so no reader opens it.
 */
export function encryptedPdf(): Buffer {
  const hex32 = (byte: string) => `<${byte.repeat(32)}>`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    '<< /Length 8 >>\nstream\n\x8a\x13\x9f\x02\x55\xe0\x11\x7c\nendstream',
    `<< /Filter /Standard /V 1 /R 2 /O ${hex32('4f')} /U ${hex32('a7')} /P -44 >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 5 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A PDF header over bytes that are no PDF structure at all. */
export function garbledPdf(): Buffer {
  const noise = Buffer.alloc(4096);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 131 + 7) % 251;
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), noise]);
}
