import { Body, Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ErrorCode, KycError } from '@kyc/errors';
import type { FastifyReply } from 'fastify';
import { type DeviceCallKind, admitDeviceCall } from '../../domain/device-call-limits';
import { DeviceCallWindowRepository } from '../../infrastructure/device-call-window.repository';
import { ServiceClients } from '../../infrastructure/service-clients';
import { decodeBase64Image } from './base64-image';
import { type DeviceRequest, type DeviceSession, EmbedTokenGuard } from './embed-token.guard';
import { livenessBase64Body } from './request-schemas';

export const CHECK_LIVENESS_BASE64_PATH = '/v1/kyc/check_liveness_base64';

/** Spec 4.9 (device side, bearer embedToken). Errors use the spec's envelope; limits per part 8. */
@Controller('v1/kyc')
@UseGuards(EmbedTokenGuard)
export class DeviceController {
  constructor(
    private readonly clients: ServiceClients,
    private readonly callWindows: DeviceCallWindowRepository,
  ) {}

  /**
   * The stateless liveness pre-check: the same detection and passive liveness as a selfie upload,
   * nothing stored, no session state changed, not billed. A spoof is an answer here
   * (`isLive: false`), not an error; liveness is enforced again on the uploaded selfie.
   */
  @Post('check_liveness_base64')
  @HttpCode(200)
  async checkLiveness(@Req() request: DeviceRequest, @Res({ passthrough: true }) reply: FastifyReply, @Body() rawBody: unknown) {
    await this.admit(request.device, 'face_or_liveness', reply);
    const body = livenessBase64Body.parse(rawBody ?? {});
    const verdict = await this.clients.biometrics.checkLiveness({ image: decodeBase64Image(body.base64) });
    return { isLive: verdict.isLive, confidence: verdict.confidence };
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
