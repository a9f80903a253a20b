export { toProtoEnvironment, environmentName as fromProtoEnvironment, type EnvironmentName } from '@kyc/contracts';
