import { classifyDocumentKind } from './document-kind';

describe('classifyDocumentKind', () => {
  it.each([
    ['Stromrechnung 2026\nVerbrauch 2.340 kWh\nAbschlag', 'utility_bill'],
    ['Your electricity bill\nMeter reading', 'utility_bill'],
    ['Kontoauszug Nr. 3\nIBAN DE12 3456\nAlter Kontostand', 'bank_statement'],
    ['Bank statement\nOpening balance £1,200.00\nSort code 12-34-56', 'bank_statement'],
    ['Finanzamt Berlin-Mitte\nSteuerbescheid für 2025', 'tax_or_government_letter'],
    ['Council Tax Bill 2026/27\nLondon Borough of Camden', 'tax_or_government_letter'],
    ['HM Revenue & Customs\nYour tax code', 'tax_or_government_letter'],
    ['Kfz-Versicherung\nIhre Versicherungspolice', 'other'],
    ['Mobilfunk Rechnung\nIhr Tarif', 'other'],
    ['Dear customer, thank you', 'other'],
  ])('%j is %s', (text, kind) => {
    expect(classifyDocumentKind(text)).toBe(kind);
  });
});
