import { percentile, ratio } from './metrics';

/** What the eval keeps of one proof-of-address page: its truth, what was read, the two judgements. */
export interface PoaOutcome {
  layout: string;
  degraded: boolean;
  fresh: boolean;
  truth: { kind: string; issueDate: string; addressLines: string[] };
  reading: { kind: string; holderName: string | null; addressLines: string[]; issueDate: string | null } | null;
  /** Judged against the holder's own name (from the identity document). */
  trueName: { status: string; reasons: string[]; nameMatch: string } | null;
  /** Judged against another person's name: a match here is a false match. */
  wrongName: { status: string; reasons: string[]; nameMatch: string } | null;
  latencyMs: number;
}

export interface PoaFigures {
  documents: number;
  /** Holder name read at all (an address block with a name line). */
  nameReadRate: number | null;
  /** The holder's own name accepted (nameMatch 'match'), over all pages. */
  nameMatchRate: number | null;
  /** Another person's name accepted, over the pages whose name was read (where a match could happen at all). */
  falseMatchRate: number | null;
  falseMatchPages: number;
  /** Issue date read exactly as printed (YYYY-MM-DD). */
  issueDateExactRate: number | null;
  kindAccuracy: number | null;
  addressFoundRate: number | null;
  /** Address lines equal to the printed ones, compared folded (case, diacritics, ß/B/ss, spaces). */
  addressExactRate: number | null;
  /** Of fresh pages (issued in the last 3 months), the share verified against the holder's own name. */
  verifiedRateFresh: number | null;
  freshPages: number;
  /** Of stale pages, the share rejected as DOCUMENT_TOO_OLD. */
  staleRejectedRate: number | null;
  stalePages: number;
  /** Another person's name: share rejected (NAME_MISMATCH or otherwise). */
  wrongNameRejectedRate: number | null;
  statusTrueName: Record<string, number>;
  reasonsTrueName: Record<string, number>;
  latency: { p50Ms: number | null; p95Ms: number | null };
  errors: number;
}

/** Folded address line for comparison: case, diacritics, the OCR's ß as B, spacing. */
export function foldAddress(line: string): string {
  return line
    .replace(/ß/g, 'ss')
    .replace(/(?<=\p{Ll})B/gu, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\d]+/gu, '');
}

function count<T>(items: T[], test: (item: T) => boolean): number {
  return items.filter(test).length;
}

function tally(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

export function poaFigures(outcomes: PoaOutcome[]): PoaFigures {
  const n = outcomes.length;
  const read = outcomes.filter((o) => o.reading !== null);
  const named = read.filter((o) => o.reading?.holderName);
  const fresh = outcomes.filter((o) => o.fresh);
  const stale = outcomes.filter((o) => !o.fresh);
  return {
    documents: n,
    nameReadRate: ratio(named.length, n),
    nameMatchRate: ratio(
      count(outcomes, (o) => o.trueName?.nameMatch === 'match'),
      n,
    ),
    falseMatchRate: ratio(
      count(named, (o) => o.wrongName?.nameMatch === 'match'),
      named.length,
    ),
    falseMatchPages: named.length,
    issueDateExactRate: ratio(
      count(outcomes, (o) => o.reading?.issueDate === o.truth.issueDate),
      n,
    ),
    kindAccuracy: ratio(
      count(outcomes, (o) => o.reading?.kind === o.truth.kind),
      n,
    ),
    addressFoundRate: ratio(
      count(outcomes, (o) => (o.reading?.addressLines.length ?? 0) > 0),
      n,
    ),
    addressExactRate: ratio(
      count(
        outcomes,
        (o) => !!o.reading && o.reading.addressLines.map(foldAddress).join('|') === o.truth.addressLines.map(foldAddress).join('|'),
      ),
      n,
    ),
    verifiedRateFresh: ratio(
      count(fresh, (o) => o.trueName?.status === 'verified'),
      fresh.length,
    ),
    freshPages: fresh.length,
    staleRejectedRate: ratio(
      count(stale, (o) => o.trueName?.status === 'rejected' && o.trueName.reasons.includes('DOCUMENT_TOO_OLD')),
      stale.length,
    ),
    stalePages: stale.length,
    wrongNameRejectedRate: ratio(
      count(outcomes, (o) => o.wrongName?.status === 'rejected'),
      n,
    ),
    statusTrueName: tally(outcomes.map((o) => o.trueName?.status ?? 'error')),
    reasonsTrueName: tally(outcomes.flatMap((o) => o.trueName?.reasons ?? [])),
    latency: {
      p50Ms: percentile(
        read.map((o) => o.latencyMs),
        50,
      ),
      p95Ms: percentile(
        read.map((o) => o.latencyMs),
        95,
      ),
    },
    errors: n - read.length,
  };
}

/** The figures overall, per layout and clean against degraded. */
export function poaReport(outcomes: PoaOutcome[]): {
  overall: PoaFigures;
  perLayout: Record<string, PoaFigures>;
  clean: PoaFigures;
  degraded: PoaFigures;
} {
  const layouts = [...new Set(outcomes.map((o) => o.layout))].sort();
  return {
    overall: poaFigures(outcomes),
    perLayout: Object.fromEntries(layouts.map((l) => [l, poaFigures(outcomes.filter((o) => o.layout === l))])),
    clean: poaFigures(outcomes.filter((o) => !o.degraded)),
    degraded: poaFigures(outcomes.filter((o) => o.degraded)),
  };
}
