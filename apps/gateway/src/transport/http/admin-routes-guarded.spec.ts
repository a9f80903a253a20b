import 'reflect-metadata';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { ADMIN_PERMISSIONS, adminPermissionOf } from '../../domain/admin-permissions';
import { GATEWAY_CONTROLLERS } from '../../gateway.module';
import { AdminTokenGuard } from './admin-token.guard';

type Handler = (...args: unknown[]) => unknown;

/** Every admin route the gateway registers, as `METHOD /pattern`, with whether AdminTokenGuard guards it. */
function adminRoutes(): { route: string; guarded: boolean }[] {
  const routes: { route: string; guarded: boolean }[] = [];
  for (const controller of GATEWAY_CONTROLLERS) {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const controllerGuards: unknown[] = Reflect.getMetadata(GUARDS_METADATA, controller) ?? [];
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, Handler>)[name];
      if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
      const sub = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
      const pattern = `/${[base, sub].filter((part) => part && part !== '/').join('/')}`.replace(/\/+/g, '/');
      if (!pattern.startsWith('/admin/')) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const guards = [...controllerGuards, ...((Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[]) ?? [])];
      routes.push({ route: `${method} ${pattern}`, guarded: guards.includes(AdminTokenGuard) });
    }
  }
  return routes;
}

describe('admin routes', () => {
  it('are every one behind AdminTokenGuard (credential, throttle, permission table, audit)', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => !r.guarded).map((r) => r.route)).toEqual([]);
  });

  it('each have a named entry in the permission table (a missing one would fall back to admin-only)', () => {
    const unnamed = adminRoutes()
      .map((r) => r.route)
      .filter((route) => !(route in ADMIN_PERMISSIONS));
    expect(unnamed).toEqual([]);
    for (const { route } of adminRoutes()) {
      const [method, pattern] = route.split(' ');
      expect(adminPermissionOf(method, pattern).action).not.toMatch(/^admin\./);
    }
  });
});
