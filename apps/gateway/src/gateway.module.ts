import { type DynamicModule, Module, type Type } from '@nestjs/common';
import type { DataSource } from '@kyc/persistence';
import { type GatewayConfig, adminAuthThrottleOf, apiRateLimitsOf, dashboardSessionPolicyOf } from './config';
import { ADMIN_AUTH_FAILURE_STORE, PostgresAdminAuthFailureStore } from './infrastructure/admin-auth-failure.store';
import { API_CALL_WINDOW_STORE, PostgresApiCallWindowStore } from './infrastructure/api-call-window.store';
import { DeviceCallWindowRepository } from './infrastructure/device-call-window.repository';
import { IdempotencyRepository } from './infrastructure/idempotency.repository';
import { WidgetHandoffRepository } from './infrastructure/widget-handoff.repository';
import { ClosedVerificationReads } from './transport/http/closed-verification-reads';
import { ServiceClients } from './infrastructure/service-clients';
import { BillingAdminController } from './transport/http/admin/billing.controller';
import { DeadLettersAdminController, deadLetterStoreProvider } from './transport/http/admin/dead-letters.controller';
import { ProjectScopePipe } from './transport/http/admin/project-scope.pipe';
import { ProjectsAdminController } from './transport/http/admin/projects.controller';
import { ScoringAdminController } from './transport/http/admin/scoring.controller';
import { AuditExportAdminController, ReviewAdminController } from './transport/http/admin/review.controller';
import { SessionsAdminController } from './transport/http/admin/sessions.controller';
import { WebhooksAdminController } from './transport/http/admin/webhooks.controller';
import { OperatorsAdminController } from './transport/http/admin/operators.controller';
import { ADMIN_AUTH_THROTTLE, ADMIN_TOKEN } from './transport/http/admin-token.guard';
import { API_RATE_LIMITS } from './transport/http/api-rate-limit.guard';
import { DeviceController } from './transport/http/device.controller';
import { EMBED_TOKEN_SECRET } from './transport/http/embed-token.guard';
import { HealthController } from './transport/http/health.controller';
import { AUTH_CACHE_TTL_MS } from './transport/http/secret-key.guard';
import { SessionsController } from './transport/http/sessions.controller';
import { VerificationsController } from './transport/http/verifications.controller';
import { PublicWidgetController } from './transport/http/public-widget.controller';
import { WidgetPageController } from './transport/http/widget-page.controller';
import { DashboardPageController } from './transport/http/dashboard-page.controller';
import { DashboardSessionController } from './transport/http/dashboard-session.controller';
import { DASHBOARD_SESSIONS, DashboardSessions } from './transport/http/dashboard-sessions';
import { DashboardSessionRepository } from './infrastructure/dashboard-session.repository';
import { BrandingAdminController } from './transport/http/admin/branding.controller';
import { ApiReferenceController } from './transport/http/api-reference.controller';
import { DesignTokensController } from './transport/http/design-tokens.controller';

/** Every HTTP controller the gateway serves (the e2e authorization matrix walks their routes). */
export const GATEWAY_CONTROLLERS: Type<unknown>[] = [
  SessionsController,
  VerificationsController,
  DeviceController,
  HealthController,
  ProjectsAdminController,
  WebhooksAdminController,
  BillingAdminController,
  ScoringAdminController,
  SessionsAdminController,
  DeadLettersAdminController,
  OperatorsAdminController,
  WidgetPageController,
  BrandingAdminController,
  DesignTokensController,
  PublicWidgetController,
  ApiReferenceController,
  DashboardPageController,
  DashboardSessionController,
  ReviewAdminController,
  AuditExportAdminController,
];

@Module({})
export class GatewayModule {
  static register(config: GatewayConfig, dataSource: DataSource): DynamicModule {
    const clients = new ServiceClients(config);
    return {
      module: GatewayModule,
      controllers: [...GATEWAY_CONTROLLERS],
      providers: [
        { provide: ServiceClients, useValue: clients },
        ProjectScopePipe,
        { provide: IdempotencyRepository, useValue: new IdempotencyRepository(dataSource) },
        { provide: DeviceCallWindowRepository, useValue: new DeviceCallWindowRepository(dataSource) },
        { provide: WidgetHandoffRepository, useValue: new WidgetHandoffRepository(dataSource) },
        { provide: API_CALL_WINDOW_STORE, useValue: new PostgresApiCallWindowStore(dataSource) },
        { provide: API_RATE_LIMITS, useValue: apiRateLimitsOf(config) },
        { provide: ClosedVerificationReads, useValue: new ClosedVerificationReads(config.CLOSED_VERIFICATION_CACHE_TTL_MS) },
        { provide: AUTH_CACHE_TTL_MS, useValue: config.AUTH_CACHE_TTL_MS },
        { provide: ADMIN_TOKEN, useValue: config.ADMIN_TOKEN },
        { provide: ADMIN_AUTH_THROTTLE, useValue: adminAuthThrottleOf(config) },
        { provide: ADMIN_AUTH_FAILURE_STORE, useValue: new PostgresAdminAuthFailureStore(dataSource) },
        {
          provide: DASHBOARD_SESSIONS,
          useValue: new DashboardSessions(
            new DashboardSessionRepository(dataSource),
            clients,
            new PostgresAdminAuthFailureStore(dataSource),
            adminAuthThrottleOf(config),
            dashboardSessionPolicyOf(config),
          ),
        },
        { provide: EMBED_TOKEN_SECRET, useValue: config.EMBED_TOKEN_SECRET },
        deadLetterStoreProvider(dataSource),
      ],
    };
  }
}
