import { type ExecutionContext, Injectable, type PipeTransform, createParamDecorator } from '@nestjs/common';
import type { common } from '@kyc/contracts';
import type { FastifyRequest } from 'fastify';
import { ServiceClients } from '../../../infrastructure/service-clients';
import { type EnvironmentName, toProtoEnvironment } from '../environment-mapping';
import { adminEnvironmentParam } from '../request-schemas';

/** The project an admin route acts on, known to exist. */
export interface ProjectScope {
  projectId: string;
}

/** A project and one of its environments, validated. */
export interface ProjectEnvironmentScope extends ProjectScope {
  environment: EnvironmentName;
}

interface RawScope {
  projectId: string;
  environment?: string;
}

const rawScope = createParamDecorator((_: unknown, context: ExecutionContext): RawScope => {
  const params = context.switchToHttp().getRequest<FastifyRequest<{ Params: Record<string, string> }>>().params;
  return { projectId: params.projectId, environment: params.environment };
});

/**
 * The one check every project route of the admin API makes before calling a service: the
 * environment parameter is `sandbox` or `live` (400 otherwise) and the project exists (the session
 * service's 404 otherwise), so billing, webhook and scoring never create rows for a project that
 * does not exist.
 */
@Injectable()
export class ProjectScopePipe implements PipeTransform<RawScope, Promise<ProjectScope | ProjectEnvironmentScope>> {
  constructor(private readonly clients: ServiceClients) {}

  async transform(raw: RawScope): Promise<ProjectScope | ProjectEnvironmentScope> {
    const environment = raw.environment === undefined ? undefined : adminEnvironmentParam.parse(raw.environment);
    await this.clients.session.getProject({ projectId: raw.projectId });
    return environment === undefined ? { projectId: raw.projectId } : { projectId: raw.projectId, environment };
  }
}

/** The scope as the services' requests carry it. */
export function onWire(scope: ProjectEnvironmentScope): { projectId: string; environment: common.ProjectEnvironment } {
  return { projectId: scope.projectId, environment: toProtoEnvironment(scope.environment) };
}

/** `@InProject() scope: ProjectScope` on a route under `projects/:projectId`. */
export const InProject = () => rawScope(undefined, ProjectScopePipe);

/** `@InProjectEnvironment() scope: ProjectEnvironmentScope` on a route under `projects/:projectId/environments/:environment`. */
export const InProjectEnvironment = () => rawScope(undefined, ProjectScopePipe);
