import type { ServiceName } from '@kyc/contracts';

/**
 * Who may call the internal gRPC services: the gateway, the services that call one another, and the
 * launcher (packages/stack), which creates the default project and operators before the gateway
 * serves. Each is a key holder of its own (service-identity.ts).
 */
export const SERVICE_CALLERS = ['gateway', 'session', 'biometrics', 'launcher'] as const;
export type ServiceCaller = (typeof SERVICE_CALLERS)[number];

export const isServiceCaller = (name: unknown): name is ServiceCaller => SERVICE_CALLERS.includes(name as ServiceCaller);

/**
 * Which caller may call which RPC, by proto method name; anything not listed is refused with
 * PERMISSION_DENIED. Derived from the clients each app creates (grep `createGrpcClient(` and the
 * calls on them): the gateway is the API's only door to session, billing, scoring and webhook
 * administration and the device-side liveness pre-check; the session service orchestrates the
 * analyses; the biometrics service fetches the portrait it matches against. An RPC added to a proto
 * is refused until it is listed here (or in NOT_CALLED_OVER_GRPC): service-allow-list.spec.ts fails
 * until it is one or the other.
 */
export const SERVICE_ALLOW_LIST: { readonly [S in ServiceName]: { readonly [C in ServiceCaller]?: readonly string[] } } = {
  session: {
    gateway: [
      'AuthenticateApiKey',
      'CreateSession',
      'GetSession',
      'UpdateSession',
      'UploadDocument',
      'UploadFace',
      'RecordDeviceData',
      'OpenWidget',
      'RecordConsent',
      'Submit',
      'GetVerification',
      'UploadProofOfAddress',
      'GetProofOfAddressJob',
      'CreateProject',
      'ListProjects',
      'GetProject',
      'ApproveProject',
      'ListApiKeys',
      'RotateApiKeys',
      'RevokeApiKey',
      'ListSessions',
      'GetEnvironmentSettings',
      'UpdateEnvironmentSettings',
      'GetBranding',
      'UpdateBranding',
      'GetBrandingByPublishableKey',
      'GetBrandingLogo',
      'ReviewSession',
      'AuthenticateOperatorToken',
      'AuthenticateOperatorPassword',
      'CreateOperator',
      'ListOperators',
      'DisableOperator',
      'AppendAuditEntry',
      'ListAuditEntries',
      // The reviewer's queue, case view, case images and session history (issue 29).
      'ListReviewQueue',
      'GetReviewCase',
      'GetCaseImage',
      'GetSessionHistory',
    ],
    launcher: ['CreateProject', 'CreateOperator'],
  },
  document: {
    // GetSideImage, GetPortrait and GetReviewEvidence: the reviewer's case view (issue 29), through the
    // session service, which checks the session's project first; the gateway never reaches a decrypted image directly.
    session: [
      'AnalyzeSide',
      'PromoteSide',
      'GetDocumentEvidence',
      'PurgeSession',
      'AnalyzeProofOfAddress',
      'GetReviewEvidence',
      'GetSideImage',
      'GetPortrait',
    ],
    // The decrypted portrait: the face match's input.
    biometrics: ['GetPortrait'],
  },
  biometrics: {
    // GetSelfieImage: the reviewer's case view, through the session service (issue 29); DropSelfieImage: the evidence purge.
    session: ['AnalyzeSelfie', 'PromoteSelfie', 'MatchFace', 'MatchEnrolled', 'PurgeSession', 'GetSelfieImage', 'DropSelfieImage'],
    gateway: ['CheckLiveness'],
  },
  scoring: {
    session: ['Decide'],
    gateway: ['GetPolicy', 'SetPolicy', 'ListDecisions'],
  },
  billing: {
    session: ['ReserveSession', 'ReleaseSession'],
    gateway: ['GetBalance', 'TopUp', 'SetTrial', 'SetCreditLimit', 'ListLedger'],
  },
  webhook: {
    gateway: ['SetEndpoint', 'RotateSecret', 'GetEndpoint', 'ListDeliveries', 'ReplayDelivery', 'ListSessionDeliveries'],
  },
};

/**
 * RPCs in the protos that no process calls over gRPC today (billing's are driven by events), so no
 * caller is allowed them. Listed so that a new RPC has to be placed consciously.
 */
export const NOT_CALLED_OVER_GRPC: { readonly [S in ServiceName]?: readonly string[] } = {
  billing: ['AuthorizeSessionCreation', 'ChargeCompletedSession'],
};

export function isCallAllowed(service: ServiceName, caller: ServiceCaller, method: string): boolean {
  return SERVICE_ALLOW_LIST[service][caller]?.includes(method) ?? false;
}
