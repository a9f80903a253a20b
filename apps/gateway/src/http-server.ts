import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import multipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { ErrorCode, KycError } from '@kyc/errors';
import { MAX_IMAGE_BYTES } from '@kyc/image-intake';
import type { Logger } from '@kyc/logger';
import { HttpServerMetrics } from '@kyc/metrics';
import type { DataSource } from '@kyc/persistence';
import { nameServerSpan, traceHttpServer } from '@kyc/tracing';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from './config';
import { VERSION_HEADER, resolveApiVersion } from './domain/api-version';
import { GatewayModule } from './gateway.module';
import { AdminAuditRecorder } from './infrastructure/admin-audit.recorder';
import { ServiceClients } from './infrastructure/service-clients';
import type { AdminRequest } from './transport/http/admin-token.guard';
import { MAX_BASE64_IMAGE_CHARS } from './transport/http/base64-image';
import { CHECK_LIVENESS_BASE64_PATH } from './transport/http/device.controller';
import { EmbedTokenVerifier } from './transport/http/embed-token.guard';
import { HttpErrorFilter, sendError } from './transport/http/http-error.filter';
import { parseJsonBody, storableText } from './transport/http/json-body';

const JSON_BODY_LIMIT = 64 * 1024;
const ROUTED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Builds the gateway's HTTP server: Fastify under NestJS, with one error path for everything. */
export async function createHttpServer(config: GatewayConfig, dataSource: DataSource, logger: Logger): Promise<NestFastifyApplication> {
  // request.ip is the connection's address unless it comes from a configured proxy (TRUSTED_PROXIES).
  const trustProxy = config.TRUSTED_PROXIES.length ? config.TRUSTED_PROXIES : false;
  const adapter = new FastifyAdapter({
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: () => randomUUID(),
    trustProxy,
    // A client that trickles its request (slow loris) is cut off: headers within their timeout, the
    // whole request within its own, checked often enough for the limits to mean what they say.
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.floor(config.HTTP_HEADERS_TIMEOUT_MS / 4))),
    },
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    // Fastify answers a malformed URL or a path parameter past maxParamLength itself (414, its own
    // body) unless told otherwise: they go through the one error path, in our formats.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      void reply.header(VERSION_HEADER, resolveApiVersion(request.headers[VERSION_HEADER]));
      sendError(error, request, reply, logger);
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.register(config, dataSource), adapter, {
    logger: ['error', 'warn'],
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  // With tracing on, each request is a SERVER span (named by its route template) whose gRPC calls are its children.
  traceHttpServer(fastify.server);
  fastify.addHook('onRequest', async (request) => nameServerSpan(request.method, request.is404 ? undefined : request.routeOptions.url));

  // An empty JSON body means "no fields" (all create fields are optional); malformed, too deep or poisoned JSON is the caller's mistake.
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(String(body)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  // The one JSON body that carries an image (spec 4.9) gets room for 10 MB in base64; a route's limit overrides the parser's.
  // Its caller's embed token is checked before that body is read, so nobody without one makes us buffer 10 MB.
  const embedTokens = new EmbedTokenVerifier(config.EMBED_TOKEN_SECRET);
  fastify.addHook('onRoute', (route) => {
    if (route.url !== CHECK_LIVENESS_BASE64_PATH) return;
    route.bodyLimit = MAX_BASE64_IMAGE_CHARS + 1024;
    const checkTokenFirst = async (request: FastifyRequest) => void (await embedTokens.verifyHeader(request.headers.authorization));
    route.preParsing = [...[route.preParsing ?? []].flat(), checkTokenFirst];
  });

  // Spec part 9: the resolved version is echoed on every response, errors included.
  fastify.addHook('onRequest', async (request, reply) => {
    void reply.header(VERSION_HEADER, resolveApiVersion(request.headers[VERSION_HEADER]));
    void reply.header('x-request-id', request.id);
  });
  fastify.setErrorHandler((error, request, reply) => sendError(error, request, reply, logger));

  // A path we serve, called with a method it does not take, is 405 with Allow (RFC 9110 15.5.6), not 404.
  fastify.addHook('onRequest', async (request, reply) => {
    if (!request.is404) return;
    const url = request.url.split('?')[0];
    const allowed = ROUTED_METHODS.filter((method) => fastify.findRoute({ method, url }) !== null);
    if (!allowed.length) return;
    void reply.header('allow', allowed.join(', '));
    throw new KycError(ErrorCode.METHOD_NOT_ALLOWED, `${request.method} is not allowed on this path; it takes ${allowed.join(', ')}`);
  });

  // Query strings and path parameters reach PostgreSQL as text, which refuses U+0000 (`%00`): the
  // caller's mistake, answered like the same character in a JSON body instead of a 500.
  fastify.addHook('onRequest', async (request) => {
    if (!storableText(request.query) || !storableText(request.params))
      throw new KycError(ErrorCode.VALIDATION_FAILED, 'Query and path parameters may not contain U+0000 or an unpaired surrogate');
  });

  // RED per route, labelled with the route's template (`/v1/verifications/:sessionId`), never the
  // raw path: one series per route instead of one per session id. Paths no route matched share one.
  const httpMetrics = new HttpServerMetrics();
  fastify.addHook('onResponse', async (request, reply) => {
    httpMetrics.observe({
      method: request.method,
      route: request.is404 ? undefined : request.routeOptions.url,
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });

  // With ADMIN_PORT, /admin/* and the dashboard (a client of /admin/*, same origin) exist only on
  // the admin listener and everything else only on PORT (health checks answer on both): each looks
  // like an unknown route on the other.
  if (config.ADMIN_PORT !== undefined) {
    fastify.addHook('onRequest', async (request) => {
      const path = request.url.split('?')[0];
      if (path === '/healthz' || path === '/readyz') return;
      const adminSide = path.startsWith('/admin/') || path === '/dashboard' || path.startsWith('/dashboard/');
      if (adminSide !== servedByAdminListener(request.raw)) throw new KycError(ErrorCode.NOT_FOUND, 'Not found');
    });
  }

  // One audit entry per authenticated admin call, written before the answer leaves.
  const audit = new AdminAuditRecorder(app.get(ServiceClients), logger);
  fastify.addHook('onSend', async (request, reply, payload) => {
    await audit.record(request as AdminRequest, reply);
    return payload;
  });

  await app.register(multipart as never, { limits: { fileSize: MAX_IMAGE_BYTES, files: 2, fields: 10, fieldSize: 1024, parts: 12 } });
  app.useGlobalFilters(new HttpErrorFilter(logger));
  app.enableShutdownHooks(['SIGINT', 'SIGTERM']);
  return app;
}

const ADMIN_LISTENER = Symbol('kyc.adminListener');
const servedByAdminListener = (raw: IncomingMessage) => (raw as IncomingMessage & { [ADMIN_LISTENER]?: true })[ADMIN_LISTENER] === true;

/**
 * The admin listener (ADMIN_PORT): a second HTTP server handing its requests to the same Fastify
 * router, marked so the split hook above can tell them apart; the same slow-client timeouts.
 * Call after the app is ready. Answers the server, listening.
 */
export async function listenAdmin(app: NestFastifyApplication, config: GatewayConfig): Promise<Server> {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    (request as IncomingMessage & { [ADMIN_LISTENER]?: true })[ADMIN_LISTENER] = true;
    fastify.routing(request, response);
  });
  traceHttpServer(server);
  server.headersTimeout = config.HTTP_HEADERS_TIMEOUT_MS;
  server.requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.ADMIN_PORT ?? 0, config.ADMIN_HOST ?? config.HOST, () => resolve());
  });
  return server;
}
