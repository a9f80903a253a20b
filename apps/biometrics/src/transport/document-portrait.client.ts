import { createGrpcClient } from '@kyc/grpc';
import type { PortraitSource } from '../application/face-match.service';

/** The document service's GetPortrait, with a deadline, as the face match's portrait source. */
export function documentPortraitSource(url: string, deadlineMs: number): PortraitSource & { close(): void } {
  const client = createGrpcClient('document', url, { deadlineMs });
  return {
    getPortrait: (sessionId) => client.getPortrait({ sessionId }),
    close: () => client.close(),
  };
}
