import { type Registry, metricsRegistry, sharedCounter } from '@kyc/metrics';

/**
 * `kyc_billing_charges_total` by environment (sandbox, live) and source (trial, balance, credit):
 * one per session charged, counted once its transaction has committed, never for a repeated
 * charge of the same session.
 */
export class BillingMetrics {
  private readonly charges;

  constructor(registry: Registry = metricsRegistry()) {
    this.charges = sharedCounter(
      registry,
      'kyc_billing_charges_total',
      'Sessions charged, by environment and what paid (trial, balance, credit).',
      ['environment', 'source'] as const,
    );
  }

  countCharge(environment: string, source: string): void {
    this.charges.inc({ environment, source });
  }
}
