import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ServiceClients } from '../../infrastructure/service-clients';

/** 200 only when every service answers its gRPC health check with SERVING. */
@Controller('healthz')
export class HealthController {
  constructor(private readonly clients: ServiceClients) {}

  @Get()
  async health(@Res() reply: FastifyReply) {
    const services = await this.clients.health();
    const healthy = Object.values(services).every(Boolean);
    void reply.status(healthy ? 200 : 503).send({ status: healthy ? 'ok' : 'degraded', services });
  }
}
