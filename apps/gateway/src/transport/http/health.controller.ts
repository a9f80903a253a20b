import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { HealthCache } from '../../infrastructure/health-cache';
import { ServiceClients } from '../../infrastructure/service-clients';

/**
 * 200 only when every service answers its gRPC health check with SERVING: the same check the
 * launcher waits on and the chart's gRPC readiness probes make. Checked at most once a second.
 */
@Controller('healthz')
export class HealthController {
  private readonly services: HealthCache<Record<string, boolean>>;

  constructor(clients: ServiceClients) {
    this.services = new HealthCache(() => clients.health());
  }

  @Get()
  async health(@Res() reply: FastifyReply) {
    const services = await this.services.get();
    const healthy = Object.values(services).every(Boolean);
    void reply.status(healthy ? 200 : 503).send({ status: healthy ? 'ok' : 'degraded', services });
  }
}
