import { type AppliedDegradation } from '../degrade/degradations';
import { type PoaKind, type PoaLayout } from './poa-content';

/** Ground truth for one generated proof-of-address image, written beside it as <id>.json. */
export interface PoaGroundTruth {
  id: string;
  file: string;
  seed: number;
  index: number;
  /** The "today" the document was generated for; judge recency against it. */
  referenceDate: string;
  layout: PoaLayout;
  kind: PoaKind;
  /** The holder as the identity document would name them (given names, surname; mixed case with diacritics). */
  holder: { firstName: string; lastName: string };
  /** The name as printed on the page, without the form of address. */
  holderName: string;
  title: string;
  addressLines: string[];
  /** YYYY-MM-DD */
  issueDate: string;
  issueDateAsPrinted: string;
  /** Issued within 3 calendar months before the reference date. */
  fresh: boolean;
  /** Other dates the page prints (due date, period, transactions), YYYY-MM-DD. */
  otherDates: string[];
  degradations: AppliedDegradation[];
  capture: 'scan' | 'photo';
  image: { width: number; height: number; format: 'png' | 'jpeg' };
}
