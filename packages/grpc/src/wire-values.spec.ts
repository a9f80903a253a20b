import { common, projectEnvironments } from '@kyc/contracts';
import { requireWire, requireWireUuid } from './wire-values';

describe(requireWire.name, () => {
  const { ProjectEnvironment } = common;

  it('gives the domain name of a value the request carries', () => {
    expect(requireWire(projectEnvironments, ProjectEnvironment.PROJECT_ENVIRONMENT_SANDBOX, 'environment')).toBe('sandbox');
  });

  it('refuses _UNSPECIFIED (left out by the sender) and an unknown value as VALIDATION_FAILED', () => {
    for (const value of [
      ProjectEnvironment.PROJECT_ENVIRONMENT_UNSPECIFIED,
      'PROJECT_ENVIRONMENT_STAGING' as common.ProjectEnvironment,
      undefined,
    ]) {
      expect(() => requireWire(projectEnvironments, value, 'environment')).toThrow(
        expect.objectContaining({ code: 'VALIDATION_FAILED', message: 'environment must be one of test, sandbox, live' }),
      );
    }
  });

  it('refuses a known value outside the allowed ones', () => {
    expect(() => requireWire(projectEnvironments, ProjectEnvironment.PROJECT_ENVIRONMENT_TEST, 'environment', ['sandbox', 'live'])).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', message: 'environment must be one of sandbox, live' }),
    );
  });
});

describe(requireWireUuid.name, () => {
  it('passes a UUID and refuses anything else as VALIDATION_FAILED', () => {
    expect(requireWireUuid('0b7e4a4e-5c1f-4f0a-9d55-2f1e6c3b9a10', 'sessionId')).toBe('0b7e4a4e-5c1f-4f0a-9d55-2f1e6c3b9a10');
    for (const value of ['', undefined, 'not-a-uuid', "0b7e4a4e-5c1f-4f0a-9d55-2f1e6c3b9a10' OR 1=1"]) {
      expect(() => requireWireUuid(value, 'sessionId')).toThrow(
        expect.objectContaining({ code: 'VALIDATION_FAILED', message: 'sessionId must be a UUID' }),
      );
    }
  });
});
