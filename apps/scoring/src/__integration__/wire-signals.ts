import { common, evidenceScopes, type scoring, severities, signalKinds, signalSources } from '@kyc/contracts';
import type { EvidenceScope, ScoringSignal, SignalKind, SignalSeverity, SignalSource } from '../domain/scoring-policy';

/** A signal as the session service sends it (wire enums), written with the domain's names. */
export const wireSignal = (
  signal: Omit<ScoringSignal, 'source' | 'kind' | 'severity' | 'side'> & {
    source: SignalSource;
    kind: SignalKind;
    severity: SignalSeverity;
    side: EvidenceScope | null;
  },
): scoring.Signal => ({
  ...signal,
  source: signalSources.toWire(signal.source),
  kind: signalKinds.toWire(signal.kind),
  severity: severities.toWire(signal.severity),
  side: signal.side ? evidenceScopes.toWire(signal.side) : common.EvidenceScope.EVIDENCE_SCOPE_UNSPECIFIED,
});
