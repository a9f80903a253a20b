/** The admin API's answers the reviewer's views read (apps/gateway openapi/response-schemas.ts, issue 29). */

export interface CaseMark {
  operatorId: string;
  operatorEmail: string | null;
  openedAt: string;
  expiresAt: string;
}

export interface ReviewQueue {
  environment: string | null;
  count: number;
  oldestInReviewSince: string | null;
  items: {
    sessionId: string;
    environment: string | null;
    testMode: boolean;
    createdAt: string;
    inReviewSince: string;
    ageSeconds: number;
    issueCodes: string[];
    openedBy: CaseMark[];
  }[];
}

export interface ExplanationLine {
  signal: string;
  value: number;
  weight: number;
  rule: string;
  code?: string;
  source?: string;
  kind?: string;
  severity?: string;
  side?: string;
  detail?: string;
}

export interface ReviewCase {
  session: {
    id: string;
    environment: string | null;
    status: string | null;
    testMode: boolean;
    createdAt: string;
    updatedAt: string;
    expiresAt: string;
    inReviewSince: string | null;
  };
  attempt: {
    id: string;
    status: string;
    confidence: number | null;
    documentType: string | null;
    faceMatchStatus: string | null;
    faceMatchScore: number | null;
    failureReason: string | null;
    issueCodes: string[];
    extractedData: Record<string, string>;
    duplicateSuspected: boolean;
    createdAt: string;
    decidedAt: string | null;
    reviewedBy: string | null;
    reviewedAt: string | null;
  } | null;
  openedBy: CaseMark[];
  sides: {
    side: string | null;
    detectedDocumentType: string;
    detectionConfidence: number;
    extracted: Record<string, string>;
    mrz: { valid: boolean; failedCheckDigits: string[]; fields: Record<string, string> } | null;
    viz: Record<string, string>;
    problems: string[];
    imageAvailable: boolean;
  }[];
  signals: { code: string; kind: string; severity: string; scope: string; detail: string }[];
  decisions: {
    id: string;
    attemptId: string;
    outcome: string | null;
    confidence: number;
    issueCodes: string[];
    ruleFired: string;
    explanation: ExplanationLine[];
    createdAt: string;
  }[];
  duplicate: { suspected: boolean; earlierSessionIds: string[]; explanation: ExplanationLine[] };
  images: { name: string; url: string }[];
  imagesPurged: boolean;
}

/** "3 h 12 min", "45 s": how long a case has waited. */
export function formatAge(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

export const formatTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

export const markLabel = (mark: CaseMark) => `${mark.operatorEmail ?? mark.operatorId} at ${new Date(mark.openedAt).toLocaleTimeString()}`;
