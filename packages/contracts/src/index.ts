/**
 * The gRPC contracts of every service and the event payloads, generated from proto/ by ts-proto
 * at build time (see scripts/generate.js). Import a service's namespace, e.g. `session.SessionServiceClient`.
 */
export * as session from './gen/kyc/session/v1/session';
export * as document from './gen/kyc/document/v1/document';
export * as biometrics from './gen/kyc/biometrics/v1/biometrics';
export * as scoring from './gen/kyc/scoring/v1/scoring';
export * as billing from './gen/kyc/billing/v1/billing';
export * as webhook from './gen/kyc/webhook/v1/webhook';
export * as events from './gen/kyc/events/v1/events';
export * as common from './gen/kyc/common/v1/common';
export {
  type WireEnum,
  wireEnum,
  type EnvironmentName,
  projectEnvironments,
  toProtoEnvironment,
  environmentName,
  type DocumentSideName,
  documentSides,
  type EvidenceScopeName,
  evidenceScopes,
  type SignalSourceName,
  signalSources,
  type SignalKindName,
  signalKinds,
  type SeverityName,
  severities,
  type VerificationOutcomeName,
  verificationOutcomes,
  type FaceMatchStatusName,
  faceMatchStatuses,
  type SessionStatusName,
  sessionStatuses,
  type AttemptStatusName,
  attemptStatuses,
} from './wire-enums';
export { PROTO_ROOT, SERVICE_PROTOS, type ServiceName } from './proto-files';
