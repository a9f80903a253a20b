export type PoaDocumentKind = 'utility_bill' | 'bank_statement' | 'tax_or_government_letter' | 'other';

/** What a proof-of-address page says, as read; no judgement. */
export interface ProofOfAddressReading {
  kind: PoaDocumentKind;
  /** The addressee as printed (title dropped), or null when no address block with a name was found. */
  holderName: string | null;
  /** The address block below the name: street line(s) and the postcode/city line; [] when none was found. */
  addressLines: string[];
  /** YYYY-MM-DD */
  issueDate: string | null;
  textLineCount: number;
}
