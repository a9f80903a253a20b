import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { GATEWAY_CONTROLLERS } from '../../../gateway.module';
import { AdminTokenGuard } from '../admin-token.guard';
import { EmbedTokenGuard } from '../embed-token.guard';
import { SecretKeyGuard } from '../secret-key.guard';
import { buildOpenApiDocument } from './document';
import { OPERATIONS, UNDOCUMENTED_ROUTES } from './operations';

type Handler = (...args: unknown[]) => unknown;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is plain JSON, read by path
type Json = any;

/** Every route the controllers register: `METHOD /path/{param}`, its success status and its credential. */
function controllerRoutes() {
  const routes = new Map<string, { status: number; credential: string }>();
  for (const controller of GATEWAY_CONTROLLERS) {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const controllerGuards: unknown[] = Reflect.getMetadata(GUARDS_METADATA, controller) ?? [];
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, Handler>)[name];
      if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
      const sub = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
      const pattern = `/${[base, sub].filter((part) => part && part !== '/').join('/')}`.replace(/\/+/g, '/').replace(/:(\w+)/g, '{$1}');
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod;
      const declared = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
      const guards = [...controllerGuards, ...((Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[]) ?? [])];
      const credential = guards.includes(SecretKeyGuard)
        ? 'secretKey'
        : guards.includes(EmbedTokenGuard)
          ? 'embedToken'
          : guards.includes(AdminTokenGuard)
            ? 'adminToken'
            : 'none';
      routes.set(`${RequestMethod[requestMethod]} ${pattern}`, {
        status: declared ?? (requestMethod === RequestMethod.POST ? 201 : 200),
        credential,
      });
    }
  }
  return routes;
}

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument();

  it('matches the committed apps/gateway/openapi.json (run `npm run openapi -w @kyc/gateway` after an API change)', () => {
    const committed = JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', '..', 'openapi.json'), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('describes every route the controllers register, with its success status and credential, and nothing else', () => {
    const routes = controllerRoutes();
    const documented = new Map(OPERATIONS.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op]));
    for (const [route, facts] of routes) {
      if (UNDOCUMENTED_ROUTES.includes(route)) continue;
      const operation = documented.get(route);
      expect({ route, documented: operation !== undefined }).toEqual({ route, documented: true });
      expect({ route, status: operation!.status, credential: operation!.credential }).toEqual({ route, ...facts });
    }
    for (const route of documented.keys()) expect({ route, registered: routes.has(route) }).toEqual({ route, registered: true });
  });

  it('gives every operation a unique id, a security requirement, the error format of its path and a 500', () => {
    const ids = new Set<string>();
    for (const [route, methods] of Object.entries(document.paths)) {
      for (const operation of Object.values(methods) as Array<Record<string, Json>>) {
        expect(ids.has(operation.operationId)).toBe(false);
        ids.add(operation.operationId);
        expect(Array.isArray(operation.security)).toBe(true);
        const format = route.startsWith('/v1/verifications') || route.startsWith('/v1/kyc') ? 'Envelope' : 'Flat';
        expect(operation.responses['500']).toEqual({ $ref: `#/components/responses/${format}500` });
        expect(operation.responses['400']).toEqual({ $ref: `#/components/responses/${format}400` });
      }
    }
    expect(ids.size).toBe(OPERATIONS.length);
  });

  it('describes uploads as multipart/form-data with their file part', () => {
    const upload = (document.paths['/v1/verifications/{sessionId}/documents'] as Record<string, Json>).post;
    const form = upload.requestBody.content['multipart/form-data'];
    expect(form.schema.required).toEqual(expect.arrayContaining(['imageType', 'images']));
    expect(form.encoding.images.contentType).toBe('image/jpeg, image/png');
  });
});
