import type { z } from 'zod';
import type { handoffIssuedResponse, livenessCheckResponse, widgetProgressResponse } from './openapi/response-schemas';
import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { type SessionStatusName, type session, sessionStatuses } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import type { FastifyReply } from 'fastify';
import { type DeviceCallKind, admitDeviceCall } from '../../domain/device-call-limits';
import { sameEmail } from '../../domain/widget-handoff';
import { DeviceCallWindowRepository } from '../../infrastructure/device-call-window.repository';
import { WidgetHandoffRepository } from '../../infrastructure/widget-handoff.repository';
import { ServiceClients } from '../../infrastructure/service-clients';
import { decodeBase64Image } from './base64-image';
import { presentDesignTokens } from './branding-presenters';
import { type DeviceRequest, type DeviceSession, EmbedTokenGuard } from './embed-token.guard';
import { toProtoEnvironment } from './environment-mapping';
import { bearerToken } from './secret-key.guard';
import { captureOf, readMultipartUpload, readProofOfAddressUpload } from './multipart-upload';
import { presentConsent, presentDocumentUpload, presentFaceUpload, presentPoaJob, presentSubmit, presentWidgetSession } from './presenters';
import {
  consentBody,
  deviceDocumentUploadFields,
  deviceFaceUploadFields,
  deviceProofOfAddressFields,
  livenessBase64Body,
  openWidgetBody,
  poaJobIdParam,
  sessionIdParam,
} from './request-schemas';

export const CHECK_LIVENESS_BASE64_PATH = '/v1/kyc/check_liveness_base64';

/** Sessions no device call may act on any more (spec part 3): decided, or handed to a reviewer. */
const DECIDED_STATUSES: readonly SessionStatusName[] = ['completed', 'rejected', 'superseded', 'manual_review'];

/** Longer user agents are cut: the consent record keeps what identifies the client, not a payload. */
const MAX_USER_AGENT_CHARS = 512;

/** Spec 4.9 (device side, bearer embedToken). Errors use the spec's envelope; limits per part 8. */
@Controller('v1/kyc')
@UseGuards(EmbedTokenGuard)
export class DeviceController {
  constructor(
    private readonly clients: ServiceClients,
    private readonly callWindows: DeviceCallWindowRepository,
    private readonly handoffs: WidgetHandoffRepository,
  ) {}

  /**
   * The stateless liveness pre-check: the same detection and passive liveness as a selfie upload,
   * nothing stored, no session state changed, not billed. A spoof is an answer here
   * (`isLive: false`), not an error; liveness is enforced again on the uploaded selfie.
   */
  @Post('check_liveness_base64')
  @HttpCode(200)
  async checkLiveness(
    @Req() request: DeviceRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() rawBody: unknown,
  ): Promise<z.infer<typeof livenessCheckResponse>> {
    await this.admit(request.device, 'face_or_liveness', reply);
    const body = livenessBase64Body.parse(rawBody ?? {});
    const current = await this.openSessionWithConsent(request.device);
    const verdict = await this.clients.biometrics.checkLiveness({ image: decodeBase64Image(body.base64), testMode: current.testMode });
    return { isLive: verdict.isLive, confidence: verdict.confidence };
  }

  /** Spec 4.9: a document side from the device, answered as 4.4. Device and server calls mix on one session. */
  @Post('upload-document')
  @HttpCode(200)
  async uploadDocument(@Req() request: DeviceRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.admit(request.device, 'document_upload', reply);
    const upload = await readMultipartUpload(request);
    const fields = deviceDocumentUploadFields.parse(upload.fields);
    const result = await this.clients.session.uploadDocument({
      session: this.sessionOf(request.device, fields.sessionId),
      imageType: fields.imageType,
      image: upload.image,
      isRetake: fields.isRetake,
      consentRequired: true,
      capture: captureOf(fields.capture),
    });
    return presentDocumentUpload(result);
  }

  /** Spec 4.9: the selfie from the device, answered as 4.5. */
  @Post('upload-face')
  @HttpCode(200)
  async uploadFace(@Req() request: DeviceRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.admit(request.device, 'face_or_liveness', reply);
    const upload = await readMultipartUpload(request);
    const fields = deviceFaceUploadFields.parse(upload.fields);
    return presentFaceUpload(
      await this.clients.session.uploadFace({
        session: this.sessionOf(request.device, fields.sessionId),
        image: upload.image,
        consentRequired: true,
        capture: captureOf(fields.capture),
      }),
    );
  }

  /**
   * Spec 4.9: a proof of address (PDF, JPG or PNG in the field `document`, with `sessionId`),
   * answered once analysed: `poaStatus` verified, rejected or manual_review with reason codes.
   */
  @Post('upload-proof-of-address')
  @HttpCode(200)
  uploadProofOfAddress(@Req() request: DeviceRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.proofOfAddress(request, reply, true);
  }

  /** The same, answered at once with a pending job; poll GET /v1/kyc/poa-status/{jobId}. */
  @Post('upload-proof-of-address/async')
  @HttpCode(202)
  uploadProofOfAddressAsync(@Req() request: DeviceRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.proofOfAddress(request, reply, false);
  }

  @Get('poa-status/:jobId')
  async poaStatus(@Req() request: DeviceRequest, @Param('jobId') jobId: string) {
    const job = await this.clients.session.getProofOfAddressJob({
      session: this.sessionOf(request.device, request.device.sessionId),
      jobId: poaJobIdParam.parse(jobId),
    });
    return presentPoaJob(job);
  }

  /**
   * Spec 2.10: the end user's consent, after their affirmative action and before the first
   * upload. IP address and user agent come from the request (the IP through TRUSTED_PROXIES only);
   * a body that carries them, or anything but textVersion and locale, is refused.
   */
  @Post('consent/:sessionId')
  @HttpCode(200)
  async consent(
    @Req() request: DeviceRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Param('sessionId') sessionId: string,
    @Body() rawBody: unknown,
  ) {
    await this.admit(request.device, 'consent', reply);
    const body = consentBody.parse(rawBody ?? {});
    const consent = await this.clients.session.recordConsent({
      session: this.sessionOf(request.device, sessionId),
      textVersion: body.textVersion,
      locale: body.locale,
      ipAddress: request.ip,
      userAgent: (request.headers['user-agent'] ?? '').slice(0, MAX_USER_AGENT_CHARS),
    });
    return presentConsent(consent);
  }

  /**
   * Our route for the hosted page (spec part 3: the user opens the widget, `pending` → `connected`):
   * answers what the page shows: status, language, the settings it follows and the side an
   * `action_required` session asks for. A decided session is answered too, so the page can say so;
   * an expired one is KYC_003. Not rate limited: it runs no model and a page opens it once.
   */
  @Post('widget/open/:sessionId')
  @HttpCode(200)
  async openWidget(@Req() request: DeviceRequest, @Param('sessionId') sessionId: string, @Body() rawBody: unknown) {
    const body = openWidgetBody.parse(rawBody ?? {});
    const session = this.sessionOf(request.device, sessionId);
    // Checked before the session is connected: a host page showing another user's session changes nothing.
    if (body.email) {
      const current = await this.clients.session.getSession(session);
      if (!sameEmail(body.email, clientEmailOf(current))) throw new KycError(ErrorCode.WIDGET_EMAIL_MISMATCH);
    }
    return presentWidgetSession(await this.clients.session.openWidget(session));
  }

  /**
   * The QR page (qrCodeUrl) asks for a one-time hand-off code for its session: the phone opens
   * `/widget/handoff#code=…` and exchanges the code for this embed token (POST
   * /v1/public/widget/handoff). Not for a session that is over: nothing is left to hand off.
   */
  @Post('widget/handoff/:sessionId')
  @HttpCode(201)
  async issueHandoff(@Req() request: DeviceRequest, @Param('sessionId') sessionId: string): Promise<z.infer<typeof handoffIssuedResponse>> {
    const current = await this.clients.session.getSession(this.sessionOf(request.device, sessionId));
    const status = sessionStatuses.fromWire(current.status);
    if (status === 'expired') throw new KycError(ErrorCode.SESSION_EXPIRED);
    if (status === null || DECIDED_STATUSES.includes(status)) throw new KycError(ErrorCode.SESSION_CLOSED);
    const issued = await this.handoffs.issue(request.device.sessionId, bearerToken(request.headers.authorization) ?? '');
    // The QR page shows the project's branding too (spec part 1); it asks for a code once per shown code.
    const branding = await this.clients.session.getBranding({ projectId: current.projectId, environment: current.environment });
    return { code: issued.code, expiresAt: issued.expiresAt.toISOString(), designTokens: presentDesignTokens(branding) };
  }

  /**
   * What the QR page follows while the phone works (polled): the session's status and whether a
   * phone has opened a hand-off link. Reads only, no model runs, so not rate limited.
   */
  @Get('widget/progress/:sessionId')
  async progress(@Req() request: DeviceRequest, @Param('sessionId') sessionId: string): Promise<z.infer<typeof widgetProgressResponse>> {
    const current = await this.clients.session.getSession(this.sessionOf(request.device, sessionId));
    const phoneOpenedAt = await this.handoffs.lastOpenedAt(request.device.sessionId);
    return {
      sessionId: current.id,
      status: sessionStatuses.fromWire(current.status),
      expiresAt: current.expiresAt,
      phoneOpenedAt: phoneOpenedAt?.toISOString() ?? null,
    };
  }

  /** Spec 4.9: the device finishes the flow; the same as submit (4.7). */
  @Post('complete-verification/:sessionId')
  @HttpCode(200)
  async completeVerification(
    @Req() request: DeviceRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Param('sessionId') sessionId: string,
  ) {
    await this.admit(request.device, 'complete', reply);
    return presentSubmit(await this.clients.session.submit(this.sessionOf(request.device, sessionId)));
  }

  private async proofOfAddress(request: DeviceRequest, reply: FastifyReply, wait: boolean) {
    await this.admit(request.device, 'proof_of_address', reply);
    const upload = await readProofOfAddressUpload(request);
    const fields = deviceProofOfAddressFields.parse(upload.fields);
    const job = await this.clients.session.uploadProofOfAddress({
      session: this.sessionOf(request.device, fields.sessionId),
      document: upload.document,
      mediaType: upload.mediaType,
      wait,
      consentRequired: true,
    });
    return presentPoaJob(job);
  }

  /**
   * The session a device call names, as the session service's reference. An embed token opens
   * its own session only: naming another (even of the same project) is 404 KYC_001, as an
   * unknown id is, so a token reveals nothing about other sessions.
   */
  private sessionOf(device: DeviceSession, named: string) {
    if (sessionIdParam.parse(named) !== device.sessionId) throw new KycError(ErrorCode.SESSION_NOT_FOUND);
    return { principal: { projectId: device.projectId, environment: toProtoEnvironment(device.environment) }, sessionId: device.sessionId };
  }

  /**
   * The pre-check stores nothing, so the session service is asked whether the token's session is
   * still open (its token may outlive it: KYC_003 once expired, closed once decided) and has the
   * consent; the pre-check runs the face models on the end user's face, as uploads do.
   */
  private async openSessionWithConsent(device: DeviceSession): Promise<session.Session> {
    const current = await this.clients.session.getSession(this.sessionOf(device, device.sessionId));
    const status = sessionStatuses.fromWire(current.status);
    if (status === 'expired') throw new KycError(ErrorCode.SESSION_EXPIRED);
    if (status === null || DECIDED_STATUSES.includes(status)) throw new KycError(ErrorCode.SESSION_CLOSED);
    if (!current.userConsent) throw new KycError(ErrorCode.CONSENT_REQUIRED);
    return current;
  }

  /** Every call counts, refused ones included, so a looping device cannot keep the models busy. */
  private async admit(device: DeviceSession, kind: DeviceCallKind, reply: FastifyReply): Promise<void> {
    const window = await this.callWindows.record(device.sessionId, kind);
    const admission = admitDeviceCall(kind, window, new Date());
    if (admission.admitted) return;
    void reply.header('retry-after', String(admission.retryAfterSeconds));
    throw new KycError(
      ErrorCode.RATE_LIMITED,
      `Too many ${kind.replace(/_/g, ' ')} calls for this session; retry in ${admission.retryAfterSeconds} s`,
    );
  }
}

/** The session's clientMetadata.email, if it has one. */
function clientEmailOf(current: session.Session): unknown {
  try {
    return (JSON.parse(current.clientMetadataJson || '{}') as { email?: unknown }).email;
  } catch {
    return undefined;
  }
}
