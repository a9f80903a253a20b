export { metricsRegistry, sharedCounter, sharedHistogram, DURATION_BUCKETS_SECONDS } from './registry';
export { HttpServerMetrics, UNMATCHED_ROUTE, statusClass, type HttpRequestObservation } from './http-server-metrics';
export { GrpcServerMetrics, type RpcObservation } from './grpc-server-metrics';
export { PIPELINE_STAGES, PipelineStageMetrics, type PipelineStage } from './pipeline-stage-metrics';
export { startMetricsListener, type MetricsListenerOptions } from './metrics-listener';
export { Counter, Gauge, Histogram, Registry } from 'prom-client';
