import { session } from '@kyc/contracts';
import { assertUnreachable } from '@kyc/errors';

export type EnvironmentName = 'test' | 'sandbox' | 'live';

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

export function fromProtoEnvironment(value: session.Environment): EnvironmentName | null {
  switch (value) {
    case session.Environment.ENVIRONMENT_TEST:
      return 'test';
    case session.Environment.ENVIRONMENT_SANDBOX:
      return 'sandbox';
    case session.Environment.ENVIRONMENT_LIVE:
      return 'live';
    case session.Environment.ENVIRONMENT_UNSPECIFIED:
    case session.Environment.UNRECOGNIZED:
      return null;
    default:
      return assertUnreachable(value);
  }
}
