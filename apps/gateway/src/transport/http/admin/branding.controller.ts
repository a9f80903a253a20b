import { Body, Controller, Delete, Get, Patch, Put, Req, UseGuards } from '@nestjs/common';
import { normaliseLogo } from '@kyc/image-intake';
import type { FastifyRequest } from 'fastify';
import { ServiceClients } from '../../../infrastructure/service-clients';
import { AdminTokenGuard } from '../admin-token.guard';
import { presentBranding } from '../branding-presenters';
import { readLogoUpload } from '../multipart-upload';
import { brandingBody } from '../request-schemas';
import { InProjectEnvironment, type ProjectEnvironmentScope, onWire } from './project-scope.pipe';

/**
 * Branding of the hosted widget and QR pages per environment (spec part 1). Colour changes whose
 * text would fall under WCAG AA contrast are refused whole (400 VALIDATION_FAILED, every pair in
 * `problems`); the pages take a change on their next open.
 */
@Controller('admin/v1/projects/:projectId/environments/:environment/branding')
@UseGuards(AdminTokenGuard)
export class BrandingAdminController {
  constructor(private readonly clients: ServiceClients) {}

  @Get()
  async branding(@InProjectEnvironment() scope: ProjectEnvironmentScope) {
    return presentBranding(await this.clients.session.getBranding(onWire(scope)));
  }

  @Patch()
  async updateBranding(@InProjectEnvironment() scope: ProjectEnvironmentScope, @Body() rawBody: unknown) {
    const change = brandingBody.parse(rawBody ?? {});
    return presentBranding(await this.clients.session.updateBranding({ ...onWire(scope), ...change, removeLogo: false }));
  }

  /** multipart/form-data with a JPG or PNG in `logo` (≤ 2 MB); stored fitted into 600×200 px as PNG. */
  @Put('logo')
  async uploadLogo(@InProjectEnvironment() scope: ProjectEnvironmentScope, @Req() request: FastifyRequest) {
    const logoPng = await normaliseLogo(await readLogoUpload(request));
    return presentBranding(await this.clients.session.updateBranding({ ...onWire(scope), logoPng, removeLogo: false }));
  }

  @Delete('logo')
  async removeLogo(@InProjectEnvironment() scope: ProjectEnvironmentScope) {
    return presentBranding(await this.clients.session.updateBranding({ ...onWire(scope), removeLogo: true }));
  }
}
