import { fold } from './fold';
import { type PoaDocumentKind } from './types';

/**
 * Words that say what a document is, with weights: a word only one kind prints (kWh, Kontoauszug, Finanzamt)
 * counts 3, a word several print (invoice, IBAN, bill) 1. Folded (lower case, no diacritics); a word matches
 * at a word start, so "strom" finds "Stromrechnung" and "Ökostrom" does not matter.
 */
const KEYWORDS: Record<PoaDocumentKind, [string, number][]> = {
  utility_bill: [
    ['electricity', 3],
    ['electric', 2],
    ['gas', 2],
    ['water', 2],
    ['energy', 2],
    ['kwh', 3],
    ['meter', 2],
    ['utility', 3],
    ['utilities', 3],
    ['strom', 3],
    ['gasrechnung', 3],
    ['wasser', 3],
    ['energie', 2],
    ['zahlerstand', 3],
    ['zaehlerstand', 3],
    ['abschlag', 2],
    ['jahresabrechnung', 2],
    ['verbrauch', 2],
    ['consumption', 2],
    ['heating', 2],
    ['heizung', 2],
    ['fernwarme', 3],
    ['електроенерг', 3],
    ['газ', 2],
    ['вод', 1],
    ['квт', 3],
    ['комунальн', 3],
    ['bill', 1],
    ['invoice', 1],
    ['rechnung', 1],
    ['рахунок', 1],
  ],
  bank_statement: [
    ['bank statement', 4],
    ['account statement', 4],
    ['statement of account', 4],
    ['kontoauszug', 4],
    ['kontostand', 3],
    ['iban', 1],
    ['bic', 1],
    ['swift', 1],
    ['sort code', 3],
    ['balance', 2],
    ['opening balance', 2],
    ['closing balance', 2],
    ['saldo', 2],
    ['umsatze', 2],
    ['transactions', 2],
    ['girokonto', 3],
    ['current account', 3],
    ['bank', 1],
    ['sparkasse', 2],
    ['виписка', 4],
    ['банк', 1],
    ['залишок', 2],
  ],
  tax_or_government_letter: [
    ['tax', 2],
    ['council tax', 4],
    ['hmrc', 4],
    ['revenue', 3],
    ['irs', 3],
    ['municipality', 3],
    ['council', 2],
    ['government', 3],
    ['ministry', 3],
    ['department', 1],
    ['finanzamt', 4],
    ['steuer', 3],
    ['steuerbescheid', 4],
    ['steuernummer', 3],
    ['steuer-id', 3],
    ['burgeramt', 4],
    ['meldebescheinigung', 4],
    ['bescheid', 2],
    ['behorde', 3],
    ['landratsamt', 4],
    ['stadtverwaltung', 4],
    ['rathaus', 3],
    ['jobcenter', 3],
    ['податков', 4],
    ['державн', 3],
    ['міська рада', 4],
    ['управління', 2],
  ],
  other: [
    ['insurance', 3],
    ['versicherung', 3],
    ['policy', 2],
    ['police', 1],
    ['mobile', 2],
    ['mobilfunk', 3],
    ['tarif', 2],
    ['tariff', 2],
    ['contract', 2],
    ['vertrag', 2],
    ['broadband', 2],
    ['internet', 2],
    ['telefon', 2],
    ['telephone', 2],
    ['phone', 2],
    ['tenancy', 3],
    ['mietvertrag', 3],
    ['страхув', 3],
  ],
};

/** Kind of a proof of address from its words; 'other' when nothing points anywhere. */
export function classifyDocumentKind(text: string): PoaDocumentKind {
  const folded = ` ${fold(text).replace(/[^\p{L}\d-]+/gu, ' ')} `;
  let best: PoaDocumentKind = 'other';
  let bestScore = 0;
  for (const [kind, words] of Object.entries(KEYWORDS) as [PoaDocumentKind, [string, number][]][]) {
    const score = words.reduce((sum, [word, weight]) => sum + (folded.includes(` ${word}`) ? weight : 0), 0);
    if (score > bestScore) {
      best = kind;
      bestScore = score;
    }
  }
  return best;
}
