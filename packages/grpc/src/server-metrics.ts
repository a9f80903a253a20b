import * as grpc from '@grpc/grpc-js';
import { GrpcServerMetrics } from '@kyc/metrics';

type UntypedUnaryHandler = grpc.handleUnaryCall<unknown, unknown>;

/** `/kyc.session.v1.SessionService/GetSession` → service and method labels. */
const splitPath = (path: string): { service: string; method: string } => {
  const [, service = path, method = ''] = /^\/([^/]+)\/([^/]+)$/.exec(path) ?? [];
  return { service, method };
};

const statusName = (code: unknown): string => (typeof code === 'number' && grpc.status[code] !== undefined ? grpc.status[code] : 'UNKNOWN');

/**
 * Measures every unary RPC the server registers from here on (RED per method, code = the gRPC
 * status sent): the handler's callback is wrapped at registration, the one place every method of
 * every service passes through, whatever NestJS does inside. NestJS builds the grpc-js server
 * itself and passes it no server interceptors, hence the wrap rather than grpc-js's `interceptors`.
 * A call the client cancels or lets time out counts once, as CANCELLED, when that happens.
 * Streaming handlers pass unmeasured: no contract of ours has one.
 */
export function measureGrpcServer(server: grpc.Server, metrics: GrpcServerMetrics = new GrpcServerMetrics()): void {
  const register = server.register.bind(server);
  server.register = (name, handler, serialize, deserialize, type) => {
    if (type !== 'unary') return register(name, handler, serialize, deserialize, type);
    const { service, method } = splitPath(name);
    const unary = handler as UntypedUnaryHandler;
    const measured: UntypedUnaryHandler = (call, callback) => {
      const started = process.hrtime.bigint();
      let ended = false;
      const end = (code: string) => {
        if (ended) return;
        ended = true;
        metrics.observe({ service, method, code, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
      };
      call.once('cancelled', () => end('CANCELLED'));
      unary(call, (error, value, trailer, flags) => {
        end(error ? statusName((error as { code?: unknown }).code) : 'OK');
        callback(error, value, trailer, flags);
      });
    };
    return register(name, measured as typeof handler, serialize, deserialize, type);
  };
}
