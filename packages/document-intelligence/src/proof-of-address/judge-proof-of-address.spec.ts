import { judgeProofOfAddress, monthsBefore } from './judge-proof-of-address';
import { type ProofOfAddressReading } from './types';

const now = new Date('2026-03-20T10:00:00Z');
const identityName = { firstName: 'JUERGEN', lastName: 'MUELLER' };
const reading = (over: Partial<ProofOfAddressReading> = {}): ProofOfAddressReading => ({
  kind: 'utility_bill',
  holderName: 'Jürgen Müller',
  addressLines: ['Hauptstraße 5', '10115 Berlin'],
  issueDate: '2026-03-01',
  textLineCount: 30,
  ...over,
});
const judge = (r: ProofOfAddressReading, name: typeof identityName | null = identityName) =>
  judgeProofOfAddress(r, { identityName: name, now, maxAgeMonths: 3 });

describe('judgeProofOfAddress', () => {
  it('verifies a matching, addressed, recent document', () => {
    expect(judge(reading())).toEqual({ status: 'verified', reasons: [], nameMatch: 'match' });
    expect(judge(reading({ issueDate: '2025-12-20' })).status).toBe('verified');
  });

  it('rejects only on evidence: another name, too old, in the future', () => {
    expect(judge(reading({ holderName: 'Anna Schmidt' }))).toEqual({
      status: 'rejected',
      reasons: ['NAME_MISMATCH'],
      nameMatch: 'mismatch',
    });
    expect(judge(reading({ issueDate: '2025-12-19' }))).toMatchObject({ status: 'rejected', reasons: ['DOCUMENT_TOO_OLD'] });
    expect(judge(reading({ issueDate: '2026-03-23' })).status).toBe('verified');
    expect(judge(reading({ issueDate: '2026-03-24' }))).toMatchObject({ status: 'rejected', reasons: ['ISSUE_DATE_IN_FUTURE'] });
  });

  it('sends a surname-only match (a relative, a garbled given name) to a person', () => {
    expect(judge(reading({ holderName: 'Anna Müller' }))).toEqual({
      status: 'manual_review',
      reasons: ['NAME_PARTIAL_MATCH'],
      nameMatch: 'mismatch',
    });
  });

  it('sends what could not be read to a person', () => {
    expect(judge(reading({ holderName: null, addressLines: [] }))).toEqual({
      status: 'manual_review',
      reasons: ['NAME_NOT_FOUND', 'ADDRESS_NOT_FOUND'],
      nameMatch: 'unknown',
    });
    expect(judge(reading({ issueDate: null }))).toMatchObject({ status: 'manual_review', reasons: ['ISSUE_DATE_NOT_FOUND'] });
    expect(judge(reading(), null)).toMatchObject({ status: 'manual_review', reasons: ['IDENTITY_NAME_MISSING'], nameMatch: 'unknown' });
    expect(judge(reading({ holderName: null, addressLines: [], issueDate: null, textLineCount: 0 })).reasons).toEqual([
      'NO_TEXT_FOUND',
      'NAME_NOT_FOUND',
      'ADDRESS_NOT_FOUND',
      'ISSUE_DATE_NOT_FOUND',
    ]);
  });

  it('rejects on evidence even when something else is unread', () => {
    expect(judge(reading({ holderName: null, issueDate: '2024-01-01' }))).toMatchObject({
      status: 'rejected',
      reasons: ['NAME_NOT_FOUND', 'DOCUMENT_TOO_OLD'],
    });
  });

  it("never puts the person's data in the reasons", () => {
    const { reasons } = judge(reading({ holderName: 'Anna Schmidt', issueDate: '2020-01-01' }));
    expect(reasons.every((r) => /^[A-Z_]+$/.test(r))).toBe(true);
  });

  it('counts calendar months, clamped to the month end', () => {
    expect(new Date(monthsBefore(new Date('2026-05-31T00:00:00Z'), 3)).toISOString().slice(0, 10)).toBe('2026-02-28');
    expect(new Date(monthsBefore(new Date('2026-01-15T00:00:00Z'), 3)).toISOString().slice(0, 10)).toBe('2025-10-15');
  });
});
