import { session } from '@kyc/contracts';
import { ErrorCode, KycError, assertUnreachable } from '@kyc/errors';
import type { EnvironmentName } from '../domain/environment';

export function toProtoEnvironment(name: EnvironmentName): session.Environment {
  switch (name) {
    case 'test':
      return session.Environment.ENVIRONMENT_TEST;
    case 'sandbox':
      return session.Environment.ENVIRONMENT_SANDBOX;
    case 'live':
      return session.Environment.ENVIRONMENT_LIVE;
    default:
      return assertUnreachable(name);
  }
}

export function fromProtoEnvironment(value: session.Environment | undefined): EnvironmentName {
  switch (value) {
    case session.Environment.ENVIRONMENT_TEST:
      return 'test';
    case session.Environment.ENVIRONMENT_SANDBOX:
      return 'sandbox';
    case session.Environment.ENVIRONMENT_LIVE:
      return 'live';
    default:
      throw new KycError(ErrorCode.VALIDATION_FAILED, 'environment must be test, sandbox or live');
  }
}

export function optionalEnvironment(value: session.Environment | undefined): EnvironmentName | undefined {
  return value === undefined || value === session.Environment.ENVIRONMENT_UNSPECIFIED ? undefined : fromProtoEnvironment(value);
}
