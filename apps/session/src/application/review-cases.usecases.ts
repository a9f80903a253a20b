import { type document, documentSides, evidenceScopes, severities, signalKinds } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import type { EnvironmentName } from '../domain/environment';
import type {
  CaseAttemptRecord,
  CaseMarkRecord,
  CaseSessionRecord,
  QueueCountRecord,
  QueueItemRecord,
  ReviewCaseStore,
  SearchPage,
  SessionSearch,
  SessionSummaryRecord,
  TransitionRecord,
} from './ports/review-case-store';
import type { ServiceClients } from './ports/service-clients';
import type { TenancyStore } from './ports/tenancy-store';

/**
 * How long an "opened by" mark tells the other reviewers someone is on the case: long enough for
 * one careful look at the evidence, short enough that a reviewer who walked away does not keep a
 * case looking taken. It informs; it never locks (issue 29).
 */
export type { CaseAttemptRecord, CaseMarkRecord, SessionSummaryRecord };

export const REVIEW_MARK_TTL_MS = 15 * 60_000;

export const CASE_IMAGES = ['front', 'back', 'main', 'portrait', 'selfie'] as const;
export type CaseImageName = (typeof CASE_IMAGES)[number];

export interface QueueView {
  items: (QueueItemRecord & { openedBy: CaseMarkRecord[] })[];
  counts: QueueCountRecord[];
}

export interface CaseSignalView {
  code: string;
  kind: string;
  severity: string;
  scope: string;
  detail: string;
}

export interface CaseView {
  session: CaseSessionRecord;
  attempt: CaseAttemptRecord | null;
  /** Other operators' live marks; the viewer's own is left out. */
  openedBy: CaseMarkRecord[];
  sides: document.SideReading[];
  signals: CaseSignalView[];
  images: CaseImageName[];
  imagesPurged: boolean;
}

export interface HistoryView {
  session: CaseSessionRecord;
  transitions: TransitionRecord[];
  attempts: CaseAttemptRecord[];
}

/**
 * The reviewer's side (issue 29): the queue, a case with its evidence (the document service's
 * readings and signals, images decrypted by their owner only when a reviewer asks for one), the
 * "opened by" marks, a session's history and the session search. Every read is scoped to one
 * project: a session of another is KYC_001, and nothing is marked or fetched for it.
 */
export class ReviewCaseQueries {
  constructor(
    private readonly store: ReviewCaseStore,
    private readonly tenancy: Pick<TenancyStore, 'requireProject'>,
    private readonly clients: Pick<ServiceClients, 'document' | 'biometrics'>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async queue(projectId: string, environment: EnvironmentName | undefined, limit: number): Promise<QueueView> {
    await this.tenancy.requireProject(projectId);
    const [items, counts] = await Promise.all([
      this.store.queue(projectId, environment, limit),
      this.store.queueCounts(projectId, environment),
    ]);
    const marks = await this.store.marks(
      items.map((item) => item.sessionId),
      this.markSince(),
    );
    return { items: items.map((item) => ({ ...item, openedBy: marks.filter((mark) => mark.sessionId === item.sessionId) })), counts };
  }

  async getCase(projectId: string, sessionId: string, viewer: string): Promise<CaseView> {
    const { session, attempt } = await this.store.findCase(projectId, sessionId);
    if (viewer) await this.store.mark(session.id, viewer);
    const openedBy = (await this.store.marks([session.id], this.markSince())).filter((mark) => mark.operatorId !== viewer);
    // Test mode analyses nothing and stores no image: the persona decided.
    if (session.testMode) return { session, attempt, openedBy, sides: [], signals: [], images: [], imagesPurged: false };

    const [readings, evidence, selfie] = await Promise.all([
      this.clients.document.getReviewEvidence({ sessionId: session.id }),
      this.clients.document.getDocumentEvidence({ sessionId: session.id, testMode: false, email: '' }),
      this.clients.biometrics.getSelfieImage({ sessionId: session.id, metadataOnly: true }),
    ]);
    const sides = readings.sides;
    const images: CaseImageName[] = sides
      .filter((side) => side.imageAvailable)
      .map((side) => documentSides.fromWire(side.side) as CaseImageName);
    if (evidence.portraitAvailable && images.length) images.push('portrait');
    if (selfie.found) images.push('selfie');
    return {
      session,
      attempt,
      openedBy,
      sides,
      signals: evidence.signals.map((signal) => ({
        code: signal.code,
        kind: signalKinds.fromWire(signal.kind) ?? '',
        severity: severities.fromWire(signal.severity) ?? '',
        scope: evidenceScopes.fromWire(signal.side) ?? '',
        detail: signal.detail,
      })),
      images,
      // Asked to purge and nothing left: a terminal state's purge, a failure's, or retention.
      imagesPurged: session.documentPurgeRequested && images.length === 0,
    };
  }

  /** One image of the case, decrypted by the document service for this answer only. NOT_FOUND once purged or never uploaded. */
  async image(projectId: string, sessionId: string, image: CaseImageName): Promise<{ image: Uint8Array; mediaType: string }> {
    const { session } = await this.store.findCase(projectId, sessionId);
    const gone = () =>
      new KycError(ErrorCode.NOT_FOUND, `No ${image} image is held for this session (never uploaded, test mode, or purged)`);
    if (session.testMode) throw gone();
    if (image === 'selfie') {
      const selfie = await this.clients.biometrics.getSelfieImage({ sessionId: session.id, metadataOnly: false });
      if (!selfie.found || !selfie.image.length) throw gone();
      return { image: selfie.image, mediaType: selfie.mediaType };
    }
    if (image === 'portrait') {
      const portrait = await this.clients.document.getPortrait({ sessionId: session.id });
      if (!portrait.found || !portrait.image.length) throw gone();
      return { image: portrait.image, mediaType: 'image/jpeg' };
    }
    const side = await this.clients.document.getSideImage({ sessionId: session.id, side: documentSides.toWire(image) });
    if (!side.found || !side.image.length) throw gone();
    return { image: side.image, mediaType: side.mediaType };
  }

  async history(projectId: string, sessionId: string): Promise<HistoryView> {
    const { session } = await this.store.findCase(projectId, sessionId);
    const [transitions, attempts] = await Promise.all([this.store.transitions(session.id), this.store.attempts(session.id)]);
    return { session, transitions, attempts };
  }

  async search(filter: SessionSearch): Promise<SearchPage<SessionSummaryRecord>> {
    await this.tenancy.requireProject(filter.projectId);
    return this.store.search(filter);
  }

  private markSince(): Date {
    return new Date(this.clock().getTime() - REVIEW_MARK_TTL_MS);
  }
}
