import type { ChannelOptions } from '@grpc/grpc-js';

/**
 * Where a client connects, as written in *_GRPC_URL:
 * - `host:port`: one server (a name is resolved by DNS, every address it answers is used);
 * - `10.0.0.1:50051,10.0.0.2:50051`: several replicas by IP address (`npm start -- --replicas N`),
 *   turned into grpc-js's `ipv4:`/`ipv6:` target;
 * - `dns:///kyc-session-headless:50051`: a Kubernetes headless Service, one address per ready pod.
 * In every case the channel balances calls round robin over the addresses (clientChannelOptions), so
 * N replicas share the calls the way N pods behind the chart's headless Services do.
 */
export function grpcTarget(address: string): string {
  const parts = address.split(',').map((part) => part.trim());
  if (parts.length === 1) return parts[0];
  const family = (part: string) => (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(part) ? 'ipv4' : /^\[[0-9a-f:]+\]:\d+$/i.test(part) ? 'ipv6' : null);
  const first = family(parts[0]);
  if (!first || parts.some((part) => family(part) !== first)) {
    throw new Error(`a list of gRPC addresses must be IP:port of one family (use dns:///name:port for a name): ${address}`);
  }
  return `${first}:${parts.join(',')}`;
}

/** The separate addresses of a list target (`a:1,b:2`), or the one target as given. */
export function grpcAddresses(address: string): string[] {
  return address.split(',').map((part) => part.trim());
}

/**
 * round_robin instead of grpc-js's default pick_first: one connection per resolved address and the
 * calls spread over those that are READY; a replica that drains (GOAWAY) or dies is skipped until it
 * is back. With one address it behaves as pick_first did.
 */
export const LOAD_BALANCING_CHANNEL_OPTIONS: ChannelOptions = {
  'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
};
