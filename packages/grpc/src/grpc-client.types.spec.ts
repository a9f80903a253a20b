import type { billing, document } from '@kyc/contracts';
import { createGrpcClient, type GrpcClient, type PromiseClient } from './grpc-client';

/**
 * Type-level tests: jest.config.js compiles *.types.spec.ts with type checking (the other specs are
 * transpiled only), so an `@ts-expect-error` that stops erroring, or an inference that changes, fails
 * this suite.
 */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const ADDRESS = '127.0.0.1:9'; // never dialled: a client connects on its first call
const OPTIONS = { deadlineMs: 1_000 };

describe(createGrpcClient.name, () => {
  it('infers the client from the service name', () => {
    const client = createGrpcClient('document', ADDRESS, OPTIONS);
    try {
      const inferred: Equal<typeof client, GrpcClient<'document'>> = true;
      const promised: Equal<typeof client.analyzeSide, PromiseClient<document.DocumentServiceClient>['analyzeSide']> = true;
      expect([inferred, promised]).toEqual([true, true]);
      expect(typeof client.analyzeSide).toBe('function');
    } finally {
      client.close();
    }
  });

  it('cannot pair a service name with another service client type', () => {
    const client = createGrpcClient('document', ADDRESS, OPTIONS);
    try {
      // @ts-expect-error the document client has none of billing's RPCs
      const asBilling: PromiseClient<billing.BillingServiceClient> = client;
      // @ts-expect-error billing's RPCs do not exist on the document client
      expect(typeof client.authorizeSessionCreation).toBe('undefined');
      expect(asBilling).toBe(client);
    } finally {
      client.close();
    }
  });

  it('takes a service name, not a client type, as its type argument', () => {
    const compileOnly = () => {
      // @ts-expect-error the type argument is the service name ('billing'), no longer the client type
      createGrpcClient<billing.BillingServiceClient>('billing', ADDRESS, OPTIONS);
      // @ts-expect-error the named service and the type argument disagree
      createGrpcClient<'billing'>('document', ADDRESS, OPTIONS);
      // @ts-expect-error not a service of SERVICE_PROTOS
      createGrpcClient('payments', ADDRESS, OPTIONS);
    };
    expect(typeof compileOnly).toBe('function');
  });
});
