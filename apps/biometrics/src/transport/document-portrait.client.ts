import { type ServiceTokenSigner, createGrpcClient } from '@kyc/grpc';
import type { PortraitSource } from '../application/face-match.service';

/** The document service's GetPortrait, with a deadline and signed as the biometrics service, as the face match's portrait source. */
export function documentPortraitSource(url: string, deadlineMs: number, identity: ServiceTokenSigner): PortraitSource & { close(): void } {
  const client = createGrpcClient('document', url, { deadlineMs, identity });
  return {
    getPortrait: (sessionId) => client.getPortrait({ sessionId }),
    close: () => client.close(),
  };
}
