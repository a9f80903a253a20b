import * as common from './gen/kyc/common/v1/common';
import {
  type WireEnum,
  documentSides,
  evidenceScopes,
  faceMatchStatuses,
  sessionStatuses,
  attemptStatuses,
  projectEnvironments,
  severities,
  signalKinds,
  signalSources,
  verificationOutcomes,
} from './wire-enums';

const cases: [string, WireEnum<string, string>, Record<string, string>][] = [
  ['ProjectEnvironment', projectEnvironments, common.ProjectEnvironment],
  ['DocumentSide', documentSides, common.DocumentSide],
  ['EvidenceScope', evidenceScopes, common.EvidenceScope],
  ['SignalSource', signalSources, common.SignalSource],
  ['SignalKind', signalKinds, common.SignalKind],
  ['Severity', severities, common.Severity],
  ['VerificationOutcome', verificationOutcomes, common.VerificationOutcome],
  ['FaceMatchStatus', faceMatchStatuses, common.FaceMatchStatus],
  ['SessionStatus', sessionStatuses, common.SessionStatus],
  ['AttemptStatus', attemptStatuses, common.AttemptStatus],
];

describe.each(cases)('%s', (_name, mapping, generated) => {
  const wireValues = Object.values(generated).filter((value) => value !== 'UNRECOGNIZED');

  it('names every wire value but _UNSPECIFIED, and round-trips each name', () => {
    const named = wireValues.filter((value) => !value.endsWith('_UNSPECIFIED'));
    expect(named.map((value) => mapping.fromWire(value))).not.toContain(null);
    for (const name of mapping.names) expect(mapping.fromWire(mapping.toWire(name))).toBe(name);
    expect(new Set(mapping.names.map((name) => mapping.toWire(name)))).toEqual(new Set(named));
  });

  it('answers null for _UNSPECIFIED, an unknown value and an absent one', () => {
    expect(mapping.fromWire(wireValues.find((value) => value.endsWith('_UNSPECIFIED')))).toBeNull();
    expect(mapping.fromWire('SOMETHING_NEWER')).toBeNull();
    expect(mapping.fromWire(undefined)).toBeNull();
  });
});
