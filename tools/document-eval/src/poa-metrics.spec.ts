import { foldAddress, poaFigures, poaReport } from './poa-metrics';
import type { PoaOutcome } from './poa-metrics';

const judged = (status: string, nameMatch: string, reasons: string[] = []) => ({ status, nameMatch, reasons });

function outcome(over: Partial<PoaOutcome> = {}): PoaOutcome {
  return {
    layout: 'utility_bill',
    degraded: false,
    fresh: true,
    truth: { kind: 'utility_bill', issueDate: '2026-01-10', addressLines: ['Hauptstraße 5', '10115 Berlin'] },
    reading: {
      kind: 'utility_bill',
      holderName: 'Jürgen Müller',
      addressLines: ['HauptstraBe 5', '10115 Berlin'],
      issueDate: '2026-01-10',
    },
    trueName: judged('verified', 'match'),
    wrongName: judged('rejected', 'mismatch', ['NAME_MISMATCH']),
    latencyMs: 100,
    ...over,
  };
}

describe('poaFigures', () => {
  const outcomes: PoaOutcome[] = [
    outcome(),
    // Name not read: not accepted, and not in the false-match denominator.
    outcome({
      reading: { kind: 'utility_bill', holderName: null, addressLines: [], issueDate: '2026-01-10' },
      trueName: judged('manual_review', 'unknown', ['NAME_NOT_FOUND', 'ADDRESS_NOT_FOUND']),
      wrongName: judged('manual_review', 'unknown', ['NAME_NOT_FOUND', 'ADDRESS_NOT_FOUND']),
      latencyMs: 300,
    }),
    // Stale, wrong date read, wrong kind, and a false match.
    outcome({
      fresh: false,
      layout: 'bank_statement',
      degraded: true,
      truth: { kind: 'bank_statement', issueDate: '2025-01-10', addressLines: ['1 High Street', 'London SW1A 1AA'] },
      reading: { kind: 'other', holderName: 'Emily Clarke', addressLines: ['1 High Street', 'London SW1A 1AA'], issueDate: '2025-01-11' },
      trueName: judged('rejected', 'match', ['DOCUMENT_TOO_OLD']),
      wrongName: judged('rejected', 'match', ['DOCUMENT_TOO_OLD']),
      latencyMs: 200,
    }),
    // The reader failed.
    outcome({ reading: null, trueName: null, wrongName: null, latencyMs: 50 }),
  ];

  it('divides by the right pages', () => {
    const f = poaFigures(outcomes);
    expect(f.documents).toBe(4);
    expect(f.nameReadRate).toBe(0.5);
    expect(f.nameMatchRate).toBe(0.5);
    expect([f.falseMatchRate, f.falseMatchPages]).toEqual([0.5, 2]);
    expect(f.issueDateExactRate).toBe(0.5);
    expect(f.kindAccuracy).toBe(0.5);
    expect(f.addressFoundRate).toBe(0.5);
    expect(f.addressExactRate).toBe(0.5);
    expect([f.verifiedRateFresh, f.freshPages]).toEqual([1 / 3, 3]);
    expect([f.staleRejectedRate, f.stalePages]).toEqual([1, 1]);
    expect(f.wrongNameRejectedRate).toBe(0.5);
    expect(f.statusTrueName).toEqual({ verified: 1, manual_review: 1, rejected: 1, error: 1 });
    expect(f.reasonsTrueName).toEqual({ NAME_NOT_FOUND: 1, ADDRESS_NOT_FOUND: 1, DOCUMENT_TOO_OLD: 1 });
    expect(f.latency).toEqual({ p50Ms: 200, p95Ms: 300 });
    expect(f.errors).toBe(1);
  });

  it('gives no rate for nothing', () => {
    expect(poaFigures([]).nameMatchRate).toBeNull();
    expect(poaFigures([outcome({ fresh: false })]).verifiedRateFresh).toBeNull();
  });

  it('splits per layout and clean / degraded', () => {
    const report = poaReport(outcomes);
    expect(Object.keys(report.perLayout)).toEqual(['bank_statement', 'utility_bill']);
    expect(report.perLayout.utility_bill.documents).toBe(3);
    expect([report.clean.documents, report.degraded.documents]).toEqual([3, 1]);
  });

  it('folds address lines for comparison', () => {
    expect(foldAddress('Hauptstraße 5')).toBe(foldAddress('HauptstraBe 5'));
    expect(foldAddress('29096 Köln')).toBe(foldAddress('29096 Koln'));
    expect(foldAddress('London SW1A 1AA')).not.toBe(foldAddress('London SW1A 1AB'));
  });
});
