import { type CandidateReport, type FusionRow } from './candidate-fusion';

const pct = (n: number, d: number): string => (d ? `${((100 * n) / d).toFixed(1)} %` : '-');

function fusionLine(row: FusionRow): string {
  const synthetic = Object.entries(row.synthetic)
    .map(([kind, s]) => `${kind} ${s.errors}/${s.n} (${pct(s.errors, s.n)})`)
    .join(', ');
  return `  ${row.admissible ? '*' : ' '} ${row.rule}: real bona fide refused ${row.realBonaFide.refused}/${row.realBonaFide.n} (${pct(row.realBonaFide.refused, row.realBonaFide.n)}), real attacks refused ${row.realAttacks.refused}/${row.realAttacks.n}${row.realAttacks.accepted.length ? ` (passed: ${row.realAttacks.accepted.join(' ')})` : ''}; ${synthetic}`;
}

/** The candidate section of eval:liveness --candidates, as text. */
export function printCandidateReport(report: CandidateReport, write: (line: string) => void): void {
  write(`\ncandidate second models beside MiniFASNet (AUC; at 0.5: bona fide refused / attacks accepted):`);
  for (const set of report.perSet) {
    const cells = report.scorers.map((name) => {
      const a = set.auc[name];
      const h = set.atHalf[name];
      const half = `${h.bonaFide ? `${h.bonaFideRefused}/${h.bonaFide} refused` : ''}${h.bonaFide && h.attacks ? ', ' : ''}${h.attacks ? `${h.attacksAccepted}/${h.attacks} accepted` : ''}`;
      return `${name} AUC ${a === null ? '-' : a.toFixed(3)} [${half}]`;
    });
    write(`  ${set.set} (bona fide: ${set.bonaFide}; attacks: ${set.attacks}): ${cells.join('; ')}`);
  }
  write('fusion rules at the shipped threshold (* = lowers real BPCER, synthetic attacks <= 10 %, no extra real attack passes):');
  for (const row of report.fusions) write(fusionLine(row));
  write('operating points of the candidate rules (real bona fide refused, real attacks refused, synthetic errors):');
  for (const sweep of report.sweeps) {
    write(`  ${sweep.rule}:`);
    for (const p of sweep.points) {
      const synthetic = Object.entries(p.synthetic)
        .map(([kind, s]) => `${kind} ${s.errors}/${s.n}`)
        .join(', ');
      write(
        `    t=${p.threshold}: real bona fide refused ${p.realBonaFide.refused}/${p.realBonaFide.n}, real attacks refused ${p.realAttacks.refused}/${p.realAttacks.n}; ${synthetic}`,
      );
    }
  }
}
