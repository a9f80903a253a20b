import { common, projectEnvironments } from '@kyc/contracts';
import { requireWire } from './wire-values';

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
