// The parts of autocannon's programmatic API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total?: number;
  }
  interface Result {
    requests: Histogram & { sent: number };
    latency: Histogram;
    errors: number;
    non2xx: number;
    /** Responses with a 2xx status. */
    '2xx': number;
    duration: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
  }
  function autocannon(options: Options): Promise<Result>;
  export = autocannon;
}
