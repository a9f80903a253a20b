/**
 * Test-mode personas (spec part 1): `sk_test_` sessions resolve to one of these by
 * clientMetadata.email. Two are approved, one is rejected; any other e-mail is the first.
 */
export interface TestPersona {
  email: string;
  outcome: 'approved' | 'rejected';
  documentType: 'id_card' | 'passport';
  confidence: number;
  rejectionReason: string;
  extractedData: {
    fullName: string;
    firstName: string;
    lastName: string;
    dateOfBirth: string;
    nationality: string;
    sex: string;
    documentNumber: string;
    issueDate: string;
    expiryDate: string;
    placeOfBirth: string;
  };
}

export const TEST_PERSONAS: readonly TestPersona[] = [
  {
    email: 'alice.approved@example.com',
    outcome: 'approved',
    documentType: 'id_card',
    confidence: 0.97,
    rejectionReason: '',
    extractedData: {
      fullName: 'Alice Approved',
      firstName: 'Alice',
      lastName: 'Approved',
      dateOfBirth: '1990-04-12',
      nationality: 'DEU',
      sex: 'F',
      documentNumber: 'T22000129',
      issueDate: '2021-06-01',
      expiryDate: '2031-05-31',
      placeOfBirth: 'Berlin',
    },
  },
  {
    email: 'bob.approved@example.com',
    outcome: 'approved',
    documentType: 'passport',
    confidence: 0.95,
    rejectionReason: '',
    extractedData: {
      fullName: 'Bob Approved',
      firstName: 'Bob',
      lastName: 'Approved',
      dateOfBirth: '1985-11-30',
      nationality: 'AUT',
      sex: 'M',
      documentNumber: 'P4366918',
      issueDate: '2020-02-15',
      expiryDate: '2030-02-14',
      placeOfBirth: 'Wien',
    },
  },
  {
    email: 'carol.rejected@example.com',
    outcome: 'rejected',
    documentType: 'id_card',
    confidence: 0.41,
    rejectionReason: 'Document could not be verified (test persona)',
    extractedData: {
      fullName: 'Carol Rejected',
      firstName: 'Carol',
      lastName: 'Rejected',
      dateOfBirth: '1979-01-23',
      nationality: 'FRA',
      sex: 'F',
      documentNumber: 'X4RTBPFW4',
      issueDate: '2019-09-10',
      expiryDate: '2029-09-09',
      placeOfBirth: 'Lyon',
    },
  },
];

export function resolvePersona(email?: string | null): TestPersona {
  const wanted = (email ?? '').trim().toLowerCase();
  return TEST_PERSONAS.find((p) => p.email === wanted) ?? TEST_PERSONAS[0];
}
