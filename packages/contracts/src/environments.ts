import { Environment } from './gen/kyc/session/v1/session';

/** A project environment by name; `test` is the project's test mode (sk_test_/pk_test_ keys). */
export type EnvironmentName = 'test' | 'sandbox' | 'live';

const TO_PROTO: Record<EnvironmentName, Environment> = {
  test: Environment.ENVIRONMENT_TEST,
  sandbox: Environment.ENVIRONMENT_SANDBOX,
  live: Environment.ENVIRONMENT_LIVE,
};

export function toProtoEnvironment(name: EnvironmentName): Environment {
  return TO_PROTO[name];
}

/** The name of a wire value; null for ENVIRONMENT_UNSPECIFIED or a value this build does not know. */
export function environmentName(value: Environment | undefined): EnvironmentName | null {
  const found = (Object.entries(TO_PROTO) as [EnvironmentName, Environment][]).find(([, proto]) => proto === value);
  return found ? found[0] : null;
}
