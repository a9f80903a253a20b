import type { Registry } from 'prom-client';
import { metricsRegistry, sharedCounter, sharedHistogram } from './registry';

export interface RpcObservation {
  /** The fully qualified service, e.g. `kyc.session.v1.SessionService`. */
  service: string;
  method: string;
  /** The gRPC status name the call ended with (`OK`, `NOT_FOUND`, `UNAVAILABLE`…). */
  code: string;
  seconds: number;
}

/**
 * RED of a gRPC server's methods, under the names of go-grpc-prometheus so existing dashboards
 * read them: `grpc_server_handled_total` (by service, method and status code) and
 * `grpc_server_handling_seconds` (by service and method).
 */
export class GrpcServerMetrics {
  private readonly handled;
  private readonly handling;

  constructor(registry: Registry = metricsRegistry()) {
    this.handled = sharedCounter(
      registry,
      'grpc_server_handled_total',
      'RPCs completed on the server, by service, method and gRPC status code.',
      ['grpc_service', 'grpc_method', 'grpc_code'] as const,
    );
    this.handling = sharedHistogram(
      registry,
      'grpc_server_handling_seconds',
      'Time an RPC took on the server until its status was sent, by service and method.',
      ['grpc_service', 'grpc_method'] as const,
    );
  }

  observe({ service, method, code, seconds }: RpcObservation): void {
    this.handled.inc({ grpc_service: service, grpc_method: method, grpc_code: code });
    this.handling.observe({ grpc_service: service, grpc_method: method }, seconds);
  }
}
