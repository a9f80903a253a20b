/**
 * The services' health as last checked, for at most `ttlMs` (1 s): load balancers and probes ask
 * /healthz often, and each check opens a gRPC channel to every service. Callers within the window
 * share one check, the one in flight included; a check that fails is not kept.
 */
export class HealthCache<T> {
  private cached?: { at: number; value: Promise<T> };

  constructor(
    private readonly check: () => Promise<T>,
    private readonly ttlMs = 1_000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get(): Promise<T> {
    if (this.cached && this.now() - this.cached.at < this.ttlMs) return this.cached.value;
    const value = this.check();
    const entry = { at: this.now(), value };
    this.cached = entry;
    value.catch(() => {
      if (this.cached === entry) this.cached = undefined;
    });
    return value;
  }
}
