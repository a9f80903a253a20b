import { Body, Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ServiceClients } from '../../infrastructure/service-clients';
import { ApiRateLimitGuard, RateLimited } from './api-rate-limit.guard';
import { ClosedVerificationReads } from './closed-verification-reads';
import { captureOf, readMultipartUpload } from './multipart-upload';
import type { AuthenticatedRequest } from './principal';
import { presentDeviceData, presentDocumentUpload, presentFaceUpload, presentSubmit, presentVerification } from './presenters';
import { deviceDataBody, documentUploadFields, faceUploadFields, sessionIdParam } from './request-schemas';
import { SecretKeyGuard } from './secret-key.guard';

/** Spec 4.4–4.8 (Direct API). Errors here use the spec's envelope; rate limits per part 8 (ApiRateLimitGuard). */
@Controller('v1/verifications/:sessionId')
@UseGuards(SecretKeyGuard, ApiRateLimitGuard)
export class VerificationsController {
  constructor(
    private readonly clients: ServiceClients,
    private readonly closedVerifications: ClosedVerificationReads,
  ) {}

  private ref(request: AuthenticatedRequest, sessionId: string) {
    return { principal: request.principal, sessionId: sessionIdParam.parse(sessionId) };
  }

  @Post('documents')
  @RateLimited('upload')
  @HttpCode(200)
  async uploadDocument(@Req() request: AuthenticatedRequest, @Param('sessionId') sessionId: string) {
    const session = this.ref(request, sessionId);
    const upload = await readMultipartUpload(request);
    const fields = documentUploadFields.parse(upload.fields);
    const result = await this.clients.session.uploadDocument({
      session,
      imageType: fields.imageType,
      image: upload.image,
      isRetake: fields.isRetake,
      // The integrator records consent on its side (spec part 1, obligations).
      consentRequired: false,
      capture: captureOf(fields.capture),
    });
    return presentDocumentUpload(result);
  }

  @Post('face')
  @RateLimited('upload')
  @HttpCode(200)
  async uploadFace(@Req() request: AuthenticatedRequest, @Param('sessionId') sessionId: string) {
    const session = this.ref(request, sessionId);
    const upload = await readMultipartUpload(request);
    const fields = faceUploadFields.parse(upload.fields);
    return presentFaceUpload(
      await this.clients.session.uploadFace({ session, image: upload.image, consentRequired: false, capture: captureOf(fields.capture) }),
    );
  }

  @Post('device-data')
  @HttpCode(200)
  async recordDeviceData(@Req() request: AuthenticatedRequest, @Param('sessionId') sessionId: string, @Body() rawBody: unknown) {
    const body = deviceDataBody.parse(rawBody ?? {});
    const deviceData = {
      ipAddress: body.ipAddress ?? '',
      userAgent: body.userAgent ?? '',
      fingerprint: body.fingerprint ?? '',
      timezone: body.timezone ?? '',
      language: body.language ?? '',
      platform: body.platform ?? '',
      screenResolution: body.screenResolution ?? '',
    };
    return presentDeviceData(await this.clients.session.recordDeviceData({ session: this.ref(request, sessionId), deviceData }));
  }

  @Post('submit')
  @RateLimited('submit')
  @HttpCode(200)
  async submit(@Req() request: AuthenticatedRequest, @Param('sessionId') sessionId: string) {
    return presentSubmit(await this.clients.session.submit(this.ref(request, sessionId)));
  }

  @Get()
  @RateLimited('read')
  async get(@Req() request: AuthenticatedRequest, @Param('sessionId') sessionId: string) {
    const { projectId, environment } = request.principal;
    const cached = this.closedVerifications.get(projectId, environment, sessionId);
    if (cached) return cached;
    const verification = presentVerification(await this.clients.session.getVerification(this.ref(request, sessionId)));
    this.closedVerifications.remember(projectId, environment, sessionId, verification);
    return verification;
  }
}
