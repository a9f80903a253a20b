import type { components, operations } from './gen/openapi';

/** The JSON body an operation takes (from the generated document types). */
export type JsonRequest<O extends keyof operations> = operations[O] extends { requestBody?: { content: { 'application/json': infer B } } }
  ? B
  : never;

/** The multipart fields an operation takes, as the document declares them (files as `images`). */
export type MultipartFields<O extends keyof operations> = operations[O] extends {
  requestBody?: { content: { 'multipart/form-data': infer F } };
}
  ? F
  : never;

type SuccessStatus = 200 | 201 | 202;
/** The JSON an operation answers on success (200, 201 or 202). */
export type JsonResponse<O extends keyof operations> = {
  [S in SuccessStatus & keyof operations[O]['responses']]: operations[O]['responses'][S] extends {
    content: { 'application/json': infer B };
  }
    ? B
    : never;
}[SuccessStatus & keyof operations[O]['responses']];

type Schemas = components['schemas'];
export type CreateSessionRequest = Schemas['CreateSessionRequest'];
export type CreatedSession = Schemas['CreatedSessionResponse'];
export type Session = Schemas['SessionResponse'];
export type UpdateSessionRequest = Schemas['UpdateSessionRequest'];
export type DocumentUpload = Schemas['DocumentUploadResponse'];
export type FaceUpload = Schemas['FaceUploadResponse'];
export type DeviceData = Schemas['RecordDeviceDataRequest'];
export type DeviceDataRecorded = Schemas['DeviceDataResponse'];
export type SubmitResult = Schemas['SubmitResponse'];
export type Verification = Schemas['VerificationResponse'];
export type ErrorEnvelope = Schemas['ErrorEnvelope'];
export type FlatError = Schemas['FlatError'];
export type DocumentSide = MultipartFields<'uploadDocument'>['imageType'];
