import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { PROTO_ROOT, SERVICE_PROTOS, type ServiceName } from '@kyc/contracts';
import { NOT_CALLED_OVER_GRPC, SERVICE_ALLOW_LIST } from './service-allow-list';

const rpcsOf = (service: ServiceName): string[] =>
  [...readFileSync(path.join(PROTO_ROOT, SERVICE_PROTOS[service].file), 'utf8').matchAll(/^\s*rpc\s+(\w+)\s*\(/gm)].map(
    (match) => match[1]!,
  );

describe('the service allow-list', () => {
  it.each(Object.keys(SERVICE_PROTOS) as ServiceName[])('places every RPC of %s, and names only RPCs that exist', (service) => {
    const rpcs = rpcsOf(service);
    const allowed = new Set(Object.values(SERVICE_ALLOW_LIST[service]).flat());
    const uncalled = NOT_CALLED_OVER_GRPC[service] ?? [];
    expect([...allowed, ...uncalled].filter((rpc) => !rpcs.includes(rpc))).toEqual([]);
    // A new RPC is refused to every caller until it is listed: this names it.
    expect(rpcs.filter((rpc) => !allowed.has(rpc) && !uncalled.includes(rpc))).toEqual([]);
  });

  it('gives the decrypted portrait to the biometrics service (the face match) and the session service (the case view) only', () => {
    const holders = Object.entries(SERVICE_ALLOW_LIST.document).filter(([, methods]) => methods?.includes('GetPortrait'));
    expect(holders.map(([caller]) => caller).sort()).toEqual(['biometrics', 'session']);
  });

  it("gives a side's decrypted image and its readings to the session service only: the gateway reaches them through it (issue 29)", () => {
    for (const rpc of ['GetSideImage', 'GetReviewEvidence']) {
      const holders = Object.entries(SERVICE_ALLOW_LIST.document).filter(([, methods]) => methods?.includes(rpc));
      expect(holders.map(([caller]) => caller)).toEqual(['session']);
    }
    const selfieHolders = Object.entries(SERVICE_ALLOW_LIST.biometrics).filter(([, methods]) => methods?.includes('GetSelfieImage'));
    expect(selfieHolders.map(([caller]) => caller)).toEqual(['session']);
    expect(SERVICE_ALLOW_LIST.session.gateway).toEqual(expect.arrayContaining(['GetReviewCase', 'GetCaseImage']));
  });
});
