import { ADMIN_PERMISSIONS, OPERATOR_ROLES, adminPermissionOf, auditTargetOf, mayCall } from './admin-permissions';

describe('admin permission table', () => {
  const allowed = (role: string, method: string, route: string) => mayCall(role, adminPermissionOf(method, route));
  const P = '/admin/v1/projects/:projectId';

  it('lets every role read', () => {
    for (const role of OPERATOR_ROLES) {
      expect(allowed(role, 'GET', '/admin/v1/projects')).toBe(true);
      expect(allowed(role, 'GET', `${P}/sessions`)).toBe(true);
      expect(allowed(role, 'GET', `${P}/sessions/:sessionId/decisions`)).toBe(true);
      expect(allowed(role, 'GET', '/admin/v1/audit-log')).toBe(true);
      expect(allowed(role, 'HEAD', '/admin/v1/projects')).toBe(true);
    }
  });

  it('lets reviewers decide a manual_review case, and read_only not', () => {
    const review = `${P}/sessions/:sessionId/review`;
    expect(allowed('admin', 'POST', review)).toBe(true);
    expect(allowed('reviewer', 'POST', review)).toBe(true);
    expect(allowed('read_only', 'POST', review)).toBe(false);
    expect(adminPermissionOf('POST', review).action).toBe('sessions.review');
  });

  it('keeps every write but the decision for admins', () => {
    const writes = Object.entries(ADMIN_PERMISSIONS).filter(([route]) => !route.startsWith('GET '));
    expect(writes.length).toBeGreaterThan(15);
    for (const [route, permission] of writes) {
      const [method, pattern] = route.split(' ');
      expect(allowed('admin', method, pattern)).toBe(true);
      expect(allowed('read_only', method, pattern)).toBe(false);
      expect(allowed('reviewer', method, pattern)).toBe(permission.action === 'sessions.review');
    }
  });

  it('keeps operator management and its list for admins', () => {
    expect(allowed('reviewer', 'GET', '/admin/v1/operators')).toBe(false);
    expect(allowed('read_only', 'POST', '/admin/v1/operators')).toBe(false);
    expect(allowed('reviewer', 'POST', '/admin/v1/operators/:operatorId/disable')).toBe(false);
    expect(allowed('read_only', 'GET', '/admin/v1/operators/me')).toBe(true);
  });

  it('makes a route missing from the table admin-only, named after the route', () => {
    const unknownRead = adminPermissionOf('GET', `${P}/environments/:environment/exports`);
    expect(unknownRead).toEqual({ action: `admin.GET ${P}/environments/:environment/exports`, roles: ['admin'] });
    expect(mayCall('reviewer', unknownRead)).toBe(false);
    expect(mayCall('read_only', adminPermissionOf('DELETE', `${P}`))).toBe(false);
  });

  it('refuses a role it does not know', () => {
    expect(allowed('owner', 'GET', '/admin/v1/projects')).toBe(false);
    expect(allowed('', 'GET', '/admin/v1/projects')).toBe(false);
  });

  it('names the ids of a route as the audit target, and nothing else', () => {
    expect(auditTargetOf({ projectId: 'p-1', environment: 'sandbox', sessionId: 's-1' })).toBe(
      'project:p-1 environment:sandbox session:s-1',
    );
    expect(auditTargetOf({})).toBe('');
    expect(auditTargetOf({ keyId: 'a b\u00e9' })).toBe('key:a?b?');
  });
});
