/** ISO/IEC 30107-3 style error rates over a labelled set. */
export interface ErrorRates {
  /** Attack presentations accepted as live / attack presentations. */
  apcer: number | null;
  /** Bona fide presentations rejected / bona fide presentations. */
  bpcer: number | null;
  samples: number;
  spoofs: number;
  lives: number;
}

export function errorRates(rows: Array<{ label: 'live' | 'spoof'; acceptedAsLive: boolean }>): ErrorRates {
  const spoofs = rows.filter((r) => r.label === 'spoof');
  const lives = rows.filter((r) => r.label === 'live');
  return {
    apcer: spoofs.length ? spoofs.filter((r) => r.acceptedAsLive).length / spoofs.length : null,
    bpcer: lives.length ? lives.filter((r) => !r.acceptedAsLive).length / lives.length : null,
    samples: rows.length,
    spoofs: spoofs.length,
    lives: lives.length,
  };
}

export function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
