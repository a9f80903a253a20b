import { UsageError, buildRequest } from './commands';

describe(buildRequest.name, () => {
  it('maps each command to its admin route', () => {
    expect(buildRequest('projects:create', ['Acme'], { account: 'Acme Inc' })).toEqual({
      method: 'POST',
      path: '/admin/v1/projects',
      body: { name: 'Acme', accountName: 'Acme Inc' },
    });
    expect(buildRequest('projects:approve', ['p1'], {})).toEqual({ method: 'POST', path: '/admin/v1/projects/p1/approve' });
    expect(buildRequest('settings:show', ['p1', 'live'], {})).toEqual({
      method: 'GET',
      path: '/admin/v1/projects/p1/environments/live/settings',
    });
    expect(buildRequest('settings:set', ['p1', 'sandbox'], { 'poa-required': 'true', 'poa-max-age-months': '6' })).toEqual({
      method: 'PATCH',
      path: '/admin/v1/projects/p1/environments/sandbox/settings',
      body: { poaRequiredForVerification: true, poaMaxAgeMonths: 6 },
    });
    expect(buildRequest('settings:set', ['p1', 'live'], { 'allow-manual-upload': 'false' })).toMatchObject({
      body: { allowManualUpload: false },
    });
    expect(
      buildRequest('settings:set', ['p1', 'live'], {
        'vault-reuse': 'true',
        'vault-reuse-max-age-days': '90',
        'vault-reuse-billing': 'free',
      }),
    ).toMatchObject({
      body: { vaultReuseEnabled: true, vaultReuseMaxAgeDays: 90, vaultReuseBilling: 'free' },
    });
    expect(() => buildRequest('settings:set', ['p1', 'live'], { 'vault-reuse-billing': 'half' })).toThrow(UsageError);
    expect(buildRequest('settings:set', ['p1', 'live'], { 'biometric-retention-days': '90' })).toMatchObject({
      body: { biometricRetentionDays: 90 },
    });
    expect(() => buildRequest('settings:set', ['p1', 'live'], { 'biometric-retention-days': 'a year' })).toThrow(UsageError);
    expect(() => buildRequest('settings:set', ['p1', 'live'], {})).toThrow(UsageError);
    expect(() => buildRequest('settings:set', ['p1', 'live'], { 'poa-required': 'yes' })).toThrow(UsageError);
    expect(buildRequest('branding:set', ['p1', 'sandbox'], { primary: '#0b6e4f', radius: '4', font: 'Georgia, serif' })).toEqual({
      method: 'PATCH',
      path: '/admin/v1/projects/p1/environments/sandbox/branding',
      body: { colorPrimary: '#0b6e4f', fontFamily: 'Georgia, serif', cornerRadiusPx: 4 },
    });
    expect(() => buildRequest('branding:set', ['p1', 'sandbox'], {})).toThrow(UsageError);
    expect(() => buildRequest('branding:set', ['p1', 'sandbox'], { radius: 'round' })).toThrow(UsageError);
    expect(buildRequest('branding:logo', ['p1', 'live', 'brand/logo.png'], {})).toEqual({
      method: 'PUT',
      path: '/admin/v1/projects/p1/environments/live/branding/logo',
      upload: { field: 'logo', filePath: 'brand/logo.png' },
    });
    expect(() => buildRequest('branding:logo', ['p1', 'live'], {})).toThrow(UsageError);
    expect(buildRequest('branding:remove-logo', ['p1', 'test'], {})).toEqual({
      method: 'DELETE',
      path: '/admin/v1/projects/p1/environments/test/branding/logo',
    });
    expect(buildRequest('keys:rotate', ['p1', 'sandbox'], {})).toEqual({
      method: 'POST',
      path: '/admin/v1/projects/p1/environments/sandbox/keys/rotate',
    });
    expect(buildRequest('keys:revoke', ['p1', 'k1'], {})).toEqual({ method: 'POST', path: '/admin/v1/projects/p1/keys/k1/revoke' });
    expect(buildRequest('webhook:rotate-secret', ['p1', 'live'], { 'overlap-hours': '48' })).toEqual({
      method: 'POST',
      path: '/admin/v1/projects/p1/environments/live/webhook/rotate-secret',
      body: { overlapHours: 48 },
    });
    expect(buildRequest('webhook:rotate-secret', ['p1', 'live'], {})).toMatchObject({ body: {} });
    expect(() => buildRequest('webhook:rotate-secret', ['p1', 'live'], { 'overlap-hours': 'soon' })).toThrow(/overlap-hours/);
    expect(buildRequest('webhook:set', ['p1', 'test', 'http://127.0.0.1:4000/h'], {})).toEqual({
      method: 'PUT',
      path: '/admin/v1/projects/p1/environments/test/webhook',
      body: { url: 'http://127.0.0.1:4000/h' },
    });
    expect(buildRequest('balance:top-up', ['p1', 'live', '500'], {})).toEqual({
      method: 'POST',
      path: '/admin/v1/projects/p1/environments/live/balance',
      body: { amount: 500 },
    });
    expect(buildRequest('balance:set-trial', ['p1', 'sandbox', '0'], {})).toEqual({
      method: 'PUT',
      path: '/admin/v1/projects/p1/environments/sandbox/trial',
      body: { trialRemaining: 0 },
    });
    expect(buildRequest('balance:set-credit-limit', ['p1', 'live', '25'], {})).toEqual({
      method: 'PUT',
      path: '/admin/v1/projects/p1/environments/live/credit-limit',
      body: { creditLimit: 25 },
    });
    expect(buildRequest('balance:history', ['p1', 'live'], { limit: '10', before: '42' })).toEqual({
      method: 'GET',
      path: '/admin/v1/projects/p1/environments/live/balance/history?limit=10&before=42',
    });
    expect(buildRequest('webhook:deliveries', ['p1', 'test'], { limit: '5' }).path).toBe(
      '/admin/v1/projects/p1/environments/test/webhook/deliveries?limit=5',
    );
    expect(buildRequest('webhook:replay', ['p1', 'd1'], {})).toEqual({
      method: 'POST',
      path: '/admin/v1/projects/p1/webhook/deliveries/d1/replay',
    });
    expect(buildRequest('sessions:list', ['p1'], { environment: 'test', status: 'completed', limit: '5' }).path).toBe(
      '/admin/v1/projects/p1/sessions?environment=test&status=completed&limit=5',
    );
    expect(buildRequest('sessions:approve', ['p1', 's1'], { reviewer: 'ana' })).toEqual({
      method: 'POST',
      path: '/admin/v1/projects/p1/sessions/s1/review',
      body: { decision: 'approve', reviewer: 'ana' },
    });
    expect(buildRequest('sessions:reject', ['p1', 's1'], { reviewer: 'ana', reason: 'forged' }).body).toEqual({
      decision: 'reject',
      reviewer: 'ana',
      reason: 'forged',
    });
  });

  it('maps the scoring commands, sending only the settings given', () => {
    expect(buildRequest('scoring:show', ['p1', 'sandbox'], {})).toEqual({
      method: 'GET',
      path: '/admin/v1/projects/p1/environments/sandbox/scoring-policy',
    });
    expect(
      buildRequest('scoring:set', ['p1', 'live'], { threshold: '0.85', weights: '0.3,0.5,0.2', penalty: '0', duplicates: 'allow' }),
    ).toEqual({
      method: 'PUT',
      path: '/admin/v1/projects/p1/environments/live/scoring-policy',
      body: {
        autoApproveThreshold: 0.85,
        weights: { detectionConfidence: 0.3, faceMatchScore: 0.5, livenessConfidence: 0.2 },
        lowSeverityPenalty: 0,
        duplicates: 'allow',
      },
    });
    expect(buildRequest('scoring:set', ['p1', 'sandbox'], { duplicates: 'review' }).body).toEqual({ duplicates: 'review' });
    expect(buildRequest('scoring:set', ['p1', 'sandbox'], {}).body).toEqual({});
    expect(buildRequest('sessions:decisions', ['p1', 's1'], {})).toEqual({
      method: 'GET',
      path: '/admin/v1/projects/p1/sessions/s1/decisions',
    });
  });

  it('refuses bad scoring usage before calling the API', () => {
    expect(() => buildRequest('scoring:show', ['p1', 'test'], {})).toThrow(/sandbox or live/);
    expect(() => buildRequest('scoring:set', ['p1'], {})).toThrow(UsageError);
    expect(() => buildRequest('scoring:set', ['p1', 'live'], { threshold: 'high' })).toThrow(/--threshold must be a number/);
    expect(() => buildRequest('scoring:set', ['p1', 'live'], { threshold: '' })).toThrow(UsageError);
    expect(() => buildRequest('scoring:set', ['p1', 'live'], { weights: '0.5,0.5' })).toThrow(/three numbers/);
    expect(() => buildRequest('scoring:set', ['p1', 'live'], { weights: '0.5,,0.5' })).toThrow(/--weights must be a number/);
    expect(() => buildRequest('scoring:set', ['p1', 'live'], { duplicates: 'ignore' })).toThrow(/review or allow/);
    expect(() => buildRequest('sessions:decisions', ['p1'], {})).toThrow(UsageError);
  });

  it('refuses bad usage', () => {
    expect(() => buildRequest('keys:rotate', ['p1', 'prod'], {})).toThrow(UsageError);
    expect(() => buildRequest('balance:top-up', ['p1', 'live', '-3'], {})).toThrow(UsageError);
    expect(() => buildRequest('balance:set-credit-limit', ['p1', 'live', '-1'], {})).toThrow(UsageError);
    expect(() => buildRequest('balance:set-trial', ['p1', 'live'], {})).toThrow(UsageError);
    expect(() => buildRequest('projects:show', [], {})).toThrow(UsageError);
    expect(() => buildRequest('nope', [], {})).toThrow(UsageError);
    expect(() => buildRequest('sessions:reject', ['p1', 's1'], { reviewer: 'ana' })).toThrow(UsageError);
    expect(buildRequest('sessions:approve', ['p1', 's1'], {}).body).toEqual({ decision: 'approve' });
  });

  it('maps the dead-letter commands', () => {
    expect(buildRequest('dead-letters:list', [], {})).toEqual({ method: 'GET', path: '/admin/v1/dead-letters' });
    expect(buildRequest('dead-letters:list', [], { group: 'webhook', topic: 'kyc.session.events', limit: '20', offset: '40' }).path).toBe(
      '/admin/v1/dead-letters?group=webhook&topic=kyc.session.events&limit=20&offset=40',
    );
    expect(buildRequest('dead-letters:replay', ['d1'], {})).toEqual({ method: 'POST', path: '/admin/v1/dead-letters/d1/replay' });
    expect(buildRequest('dead-letters:replay', [], { all: 'true' })).toEqual({
      method: 'POST',
      path: '/admin/v1/dead-letters/replay',
      body: {},
    });
    expect(buildRequest('dead-letters:replay', [], { all: 'true', group: 'billing', topic: 'kyc.session.events' }).body).toEqual({
      group: 'billing',
      topic: 'kyc.session.events',
    });
  });

  it('refuses a dead-letter replay that names neither one nor --all, or both', () => {
    expect(() => buildRequest('dead-letters:replay', [], {})).toThrow(/<deadLetterId> or --all/);
    expect(() => buildRequest('dead-letters:replay', ['d1'], { all: 'true' })).toThrow(UsageError);
    expect(() => buildRequest('dead-letters:replay', ['d1'], { group: 'billing' })).toThrow(/go with --all/);
  });

  it('maps the operator and audit-log commands', () => {
    expect(buildRequest('operators:create', ['ana@example.com', 'reviewer'], {})).toEqual({
      method: 'POST',
      path: '/admin/v1/operators',
      body: { email: 'ana@example.com', role: 'reviewer' },
    });
    expect(buildRequest('operators:create', ['ana@example.com', 'admin'], { password: 'a long password' }).body).toMatchObject({
      password: 'a long password',
    });
    expect(() => buildRequest('operators:create', ['ana@example.com', 'owner'], {})).toThrow(UsageError);
    expect(() => buildRequest('operators:create', [], {})).toThrow(UsageError);
    expect(buildRequest('operators:list', [], {})).toEqual({ method: 'GET', path: '/admin/v1/operators' });
    expect(buildRequest('operators:disable', ['../op'], {}).path).toBe('/admin/v1/operators/..%2Fop/disable');
    expect(buildRequest('audit:list', [], { operator: 'op-1', action: 'sessions.review', limit: '20', before: '99' }).path).toBe(
      '/admin/v1/audit-log?operatorId=op-1&action=sessions.review&limit=20&before=99',
    );
  });

  it('escapes ids into the path', () => {
    expect(buildRequest('projects:show', ['../x'], {}).path).toBe('/admin/v1/projects/..%2Fx');
    expect(buildRequest('dead-letters:replay', ['../x'], {}).path).toBe('/admin/v1/dead-letters/..%2Fx/replay');
  });

  it('wraps the reviewer routes of issue 29, hashing an e-mail before it leaves', () => {
    expect(buildRequest('review:queue', ['p1', 'sandbox'], { limit: '20' })).toEqual({
      method: 'GET',
      path: '/admin/v1/projects/p1/environments/sandbox/review-queue?limit=20',
    });
    expect(() => buildRequest('review:queue', ['p1', 'prod'], {})).toThrow(UsageError);
    expect(buildRequest('review:case', ['p1', 's1'], {}).path).toBe('/admin/v1/projects/p1/sessions/s1/case');
    expect(buildRequest('sessions:history', ['p1', 's1'], {}).path).toBe('/admin/v1/projects/p1/sessions/s1/history');
    const searched = buildRequest('sessions:list', ['p1'], {
      email: '  Ana@Example.com ',
      'session-id': 's1',
      from: '2026-01-01T00:00:00Z',
    }).path;
    // SHA-256 of "ana@example.com".
    expect(searched).toContain('emailHash=8e43ca37701228e74983efdbd0cff5c16b3b1e5d4e29a7c05626d4d25a018e11');
    expect(searched).not.toContain('Example');
    expect(searched).toContain('sessionId=s1');
    expect(() => buildRequest('sessions:list', ['p1'], { email: 'a@b.c', 'email-hash': 'ff' })).toThrow(UsageError);
    expect(buildRequest('audit:export', [], { operator: 'op-1', action: 'sessions.case.view' }).path).toBe(
      '/admin/v1/audit-log.csv?operatorId=op-1&action=sessions.case.view',
    );
  });
});
