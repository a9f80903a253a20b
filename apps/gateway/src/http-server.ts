import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { MAX_IMAGE_BYTES } from '@kyc/image-intake';
import type { Logger } from '@kyc/logger';
import type { DataSource } from '@kyc/persistence';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from './config';
import { VERSION_HEADER, resolveApiVersion } from './domain/api-version';
import { GatewayModule } from './gateway.module';
import { MAX_BASE64_IMAGE_CHARS } from './transport/http/base64-image';
import { CHECK_LIVENESS_BASE64_PATH } from './transport/http/device.controller';
import { HttpErrorFilter, sendError } from './transport/http/http-error.filter';

const JSON_BODY_LIMIT = 64 * 1024;

/** Builds the gateway's HTTP server: Fastify under NestJS, with one error path for everything. */
export async function createHttpServer(config: GatewayConfig, dataSource: DataSource, logger: Logger): Promise<NestFastifyApplication> {
  // request.ip is the connection's address unless it comes from a configured proxy (TRUSTED_PROXIES).
  const trustProxy = config.TRUSTED_PROXIES.length ? config.TRUSTED_PROXIES : false;
  const adapter = new FastifyAdapter({ bodyLimit: JSON_BODY_LIMIT, genReqId: () => randomUUID(), trustProxy });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.register(config, dataSource), adapter, {
    logger: ['error', 'warn'],
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;

  // An empty JSON body means "no fields" (all create fields are optional); malformed JSON is the caller's mistake.
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, (_request, body, done) => {
    if (typeof body !== 'string' || body.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body));
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
    }
  });

  // The one JSON body that carries an image (spec 4.9) gets room for 10 MB in base64; a route's limit overrides the parser's.
  fastify.addHook('onRoute', (route) => {
    if (route.url === CHECK_LIVENESS_BASE64_PATH) route.bodyLimit = MAX_BASE64_IMAGE_CHARS + 1024;
  });

  // Spec part 9: the resolved version is echoed on every response, errors included.
  fastify.addHook('onRequest', async (request, reply) => {
    void reply.header(VERSION_HEADER, resolveApiVersion(request.headers[VERSION_HEADER]));
    void reply.header('x-request-id', request.id);
  });
  fastify.setErrorHandler((error, request, reply) => sendError(error, request, reply, logger));

  await app.register(multipart as never, { limits: { fileSize: MAX_IMAGE_BYTES, files: 2, fields: 10, fieldSize: 1024, parts: 12 } });
  app.useGlobalFilters(new HttpErrorFilter(logger));
  app.enableShutdownHooks(['SIGINT', 'SIGTERM']);
  return app;
}
