// The image's HEALTHCHECK: one image runs every app, so the check follows the container's environment.
// A gRPC service (GRPC_URL set) is healthy when its grpc.health.v1 Health service answers SERVING, as the
// launcher (`npm start`) and the Helm chart's gRPC probes ask it; the gateway when GET /healthz is 200.
// Exit code 0 = healthy, 1 = unhealthy (Docker's contract).
'use strict';

const TIMEOUT_MS = 3_000;

/** The service listens on GRPC_URL, often 0.0.0.0:port; the check dials it on the loopback. */
function loopbackOf(listenAddress) {
  const port = listenAddress.slice(listenAddress.lastIndexOf(':') + 1);
  return `127.0.0.1:${port}`;
}

async function healthy() {
  if (process.env.GRPC_URL) {
    const { checkGrpcHealth } = require('@kyc/grpc');
    return checkGrpcHealth(loopbackOf(process.env.GRPC_URL), TIMEOUT_MS);
  }
  const port = process.env.PORT || '8080';
  const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  return response.status === 200;
}

healthy().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(`healthcheck: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
