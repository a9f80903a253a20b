import { Body, Controller, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import type { session } from '@kyc/contracts';
import { ServiceClients } from '../../../infrastructure/service-clients';
import { AdminTokenGuard } from '../admin-token.guard';
import { fromProtoEnvironment, toProtoEnvironment } from '../environment-mapping';
import { createProjectBody, environmentSettingsBody } from '../request-schemas';
import type { z } from 'zod';
import type {
  createdProjectResponse,
  environmentSettingsResponse,
  projectListResponse,
  rotatedKeysResponse,
} from '../openapi/response-schemas';
import { presentApiKey, presentEnvironmentKeys, presentProject } from './key-presenters';
import { InProject, InProjectEnvironment, type ProjectEnvironmentScope, type ProjectScope } from './project-scope.pipe';

/** Projects, their moderation and their API keys. */
@Controller('admin/v1/projects')
@UseGuards(AdminTokenGuard)
export class ProjectsAdminController {
  constructor(private readonly clients: ServiceClients) {}

  @Post()
  @HttpCode(201)
  async createProject(@Body() rawBody: unknown): Promise<z.infer<typeof createdProjectResponse>> {
    const body = createProjectBody.parse(rawBody ?? {});
    const created = await this.clients.session.createProject({ name: body.name, accountName: body.accountName ?? body.name });
    const keys = Object.fromEntries(created.keys.map((k) => [fromProtoEnvironment(k.environment), presentEnvironmentKeys(k)]));
    return { project: presentProject(created.project), keys };
  }

  @Get()
  async listProjects(): Promise<z.infer<typeof projectListResponse>> {
    const { projects } = await this.clients.session.listProjects({});
    return { projects: projects.map(presentProject) };
  }

  @Get(':projectId')
  async getProject(@Param('projectId') projectId: string) {
    return presentProject(await this.clients.session.getProject({ projectId }));
  }

  @Post(':projectId/approve')
  @HttpCode(200)
  async approveProject(@Param('projectId') projectId: string) {
    return presentProject(await this.clients.session.approveProject({ projectId }));
  }

  @Get(':projectId/keys')
  async listKeys(@Param('projectId') projectId: string) {
    const { keys } = await this.clients.session.listApiKeys({ projectId });
    return { keys: keys.map(presentApiKey) };
  }

  @Post(':projectId/environments/:environment/keys/rotate')
  @HttpCode(200)
  async rotateKeys(@InProjectEnvironment() scope: ProjectEnvironmentScope): Promise<z.infer<typeof rotatedKeysResponse>> {
    const keys = await this.clients.session.rotateApiKeys({
      projectId: scope.projectId,
      environment: toProtoEnvironment(scope.environment),
    });
    return { environment: scope.environment, ...presentEnvironmentKeys(keys) };
  }

  @Get(':projectId/environments/:environment/settings')
  async settings(@InProjectEnvironment() scope: ProjectEnvironmentScope) {
    const settings = await this.clients.session.getEnvironmentSettings({
      projectId: scope.projectId,
      environment: toProtoEnvironment(scope.environment),
    });
    return presentEnvironmentSettings(settings);
  }

  /** New sessions take the change; sessions already created keep the settings they were created with. */
  @Patch(':projectId/environments/:environment/settings')
  async updateSettings(@InProjectEnvironment() scope: ProjectEnvironmentScope, @Body() rawBody: unknown) {
    const body = environmentSettingsBody.parse(rawBody ?? {});
    const settings = await this.clients.session.updateEnvironmentSettings({
      projectId: scope.projectId,
      environment: toProtoEnvironment(scope.environment),
      ...body,
    });
    return presentEnvironmentSettings(settings);
  }

  @Post(':projectId/keys/:keyId/revoke')
  @HttpCode(200)
  async revokeKey(@InProject() scope: ProjectScope, @Param('keyId') keyId: string) {
    return presentApiKey(await this.clients.session.revokeApiKey({ projectId: scope.projectId, keyId }));
  }
}

function presentEnvironmentSettings(settings: session.EnvironmentSettings): z.infer<typeof environmentSettingsResponse> {
  return {
    environment: fromProtoEnvironment(settings.environment),
    poaRequiredForVerification: settings.poaRequiredForVerification,
    poaMaxAgeMonths: settings.poaMaxAgeMonths,
    allowManualUpload: settings.allowManualUpload,
    vaultReuseEnabled: settings.vaultReuseEnabled,
    vaultReuseMaxAgeDays: settings.vaultReuseMaxAgeDays,
    vaultReuseBilling: settings.vaultReuseBilling,
    biometricRetentionDays: settings.biometricRetentionDays,
    updatedAt: settings.updatedAt || null,
  };
}
