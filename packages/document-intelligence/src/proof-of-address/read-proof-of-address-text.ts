import { type OcrLine } from '../ocr/types';
import { findAddressBlock } from './address-block';
import { classifyDocumentKind } from './document-kind';
import { findIssueDate } from './issue-date';
import { textBlocks } from './text-blocks';
import { type ProofOfAddressReading } from './types';

/**
 * The rules over a page's text: kind from its words, the addressee and address from the address block, the
 * issue date from its caption. OCR lines keep their geometry (a row cut into columns for the address block);
 * plain strings are lines as given, blocks split at blank lines.
 */
export function readProofOfAddressText(lines: readonly OcrLine[] | readonly string[]): ProofOfAddressReading {
  const blocks = textBlocks(lines);
  const flat = blocks.flat();
  const address = findAddressBlock(blocks);
  return {
    kind: classifyDocumentKind(flat.join('\n')),
    holderName: address?.name ?? null,
    addressLines: address?.lines ?? [],
    // Dates by whole rows: a caption and its value sit far apart on one row ("Datum:  …  12.03.2026").
    issueDate: findIssueDate(lines.map((l) => (typeof l === 'string' ? l : l.text)).filter((l) => l.trim().length > 0)),
    textLineCount: flat.length,
  };
}
