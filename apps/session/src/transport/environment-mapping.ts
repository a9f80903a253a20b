import { type common, environmentName, toProtoEnvironment } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import type { EnvironmentName } from '../domain/environment';

export { toProtoEnvironment };

/** The caller's environment; anything but test, sandbox or live is a bad request. */
export function fromProtoEnvironment(value: common.ProjectEnvironment | undefined): EnvironmentName {
  const name = environmentName(value);
  if (!name) throw new KycError(ErrorCode.VALIDATION_FAILED, 'environment must be test, sandbox or live');
  return name;
}

export function optionalEnvironment(value: common.ProjectEnvironment | undefined): EnvironmentName | undefined {
  return environmentName(value) ?? undefined;
}
