import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import {
  aggregate,
  type CaseOutcome,
  causeOf,
  type EvalReport,
  isApproved,
  isFailed,
  isRefused,
  isReview,
  layoutKey,
  reasonsOf,
} from './pipeline-eval/aggregate';
import { CASE_KINDS, DEFAULT_PLAN, planCases } from './pipeline-eval/case-plan';
import { MILD_CAPTURE } from './pipeline-eval/capture';
import { stackedBarChart } from './pipeline-eval/chart';
import { DATA_DIR, loadAttacks, loadIdentities } from './pipeline-eval/dev-data';
import { generatorLayouts, passportPhoto, renderDocument, selfieImage } from './pipeline-eval/documents';
import { portraitReport, printedPairs, printPortraits, selfiePairs } from './pipeline-eval/printed-portraits';
import { runCase } from './pipeline-eval/run-case';
import { openSandbox, SandboxClient } from './sandbox';

/**
 * `npm run eval:pipeline [-- flags]`: sandbox verifications over HTTP, with the real models, of
 * generated passports and ID cards in every layout the generator offers around faces-real-dev
 * identities (issue 28, item 6): genuine people, impostors, expired documents, a card back shown as
 * the front, and presentation attacks. Prints approval/review/failure rates per case type and why
 * each case that was not approved went where it went; writes reports/eval-pipeline.json and an SVG.
 *
 * `-- --portraits`: the printed-portrait face-match figures instead (no stack; see printed-portraits.ts).
 */
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

const HELP = `eval:pipeline [-- options]
  --seed <n>                 plan and capture seed (${DEFAULT_PLAN.seed})
  --genuine-per-identity <n> genuine cases per faces-real-dev identity (${DEFAULT_PLAN.genuinePerIdentity})
  --impostors <n>            (${DEFAULT_PLAN.impostors})   --expired <n> (${DEFAULT_PLAN.expired})   --wrong-side <n> (${DEFAULT_PLAN.wrongSide})
  --synthetic-spoofs <n>     synthetic screen/print replays of a holder's photo (${DEFAULT_PLAN.syntheticSpoofs})
  --no-real-spoofs           leave out the real attack images of spoof-real-dev and spoof-dev
  --limit <n>                run only the first n planned cases
  --only <ids>               run only these planned cases (comma-separated ids, e.g. genuine-014,genuine-020)
  --reference-date <date>    YYYY-MM-DD the documents' validity is drawn around (today)
  --out <file.json>          (reports/eval-pipeline.json; the SVG beside it)
  --portraits                printed portrait vs selfie figures instead (reports/eval-pipeline-portraits.json)
  --both-types               with --portraits: print each photo on a passport and on an ID card`;

function options() {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      'genuine-per-identity': { type: 'string' },
      impostors: { type: 'string' },
      expired: { type: 'string' },
      'wrong-side': { type: 'string' },
      'synthetic-spoofs': { type: 'string' },
      'no-real-spoofs': { type: 'boolean' },
      limit: { type: 'string' },
      only: { type: 'string' },
      'reference-date': { type: 'string' },
      out: { type: 'string' },
      portraits: { type: 'boolean' },
      'both-types': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const int = (value: string | undefined, fallback: number) => (value === undefined ? fallback : Number.parseInt(value, 10));
  return {
    help: values.help ?? false,
    portraits: values.portraits ?? false,
    bothTypes: values['both-types'] ?? false,
    plan: {
      seed: int(values.seed, DEFAULT_PLAN.seed),
      genuinePerIdentity: int(values['genuine-per-identity'], DEFAULT_PLAN.genuinePerIdentity),
      impostors: int(values.impostors, DEFAULT_PLAN.impostors),
      expired: int(values.expired, DEFAULT_PLAN.expired),
      wrongSide: int(values['wrong-side'], DEFAULT_PLAN.wrongSide),
      syntheticSpoofs: int(values['synthetic-spoofs'], DEFAULT_PLAN.syntheticSpoofs),
      realSpoofs: !values['no-real-spoofs'],
      layouts: generatorLayouts(),
    },
    limit: values.limit === undefined ? Infinity : int(values.limit, 0),
    only: values.only ? new Set(values.only.split(',').map((id) => id.trim())) : null,
    referenceDate: values['reference-date'] ?? new Date().toISOString().slice(0, 10),
    out: path.resolve(
      values.out ?? path.join(REPO_ROOT, 'reports', values.portraits ? 'eval-pipeline-portraits.json' : 'eval-pipeline.json'),
    ),
  };
}

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${(v * 100).toFixed(1)} %`);

async function runPipeline(config: ReturnType<typeof options>): Promise<void> {
  const identities = loadIdentities();
  // The whole plan is drawn first and then cut, so a case keeps its document and captures under --limit and --only.
  const only = config.only;
  const plan = planCases(identities, loadAttacks(), config.plan)
    .slice(0, config.limit)
    .filter((c) => !only || only.has(c.id));
  if (only && plan.length !== only.size)
    throw new Error(`--only: no planned case ${[...only].filter((id) => !plan.some((c) => c.id === id)).join(', ')}`);
  const layouts = config.plan.layouts;
  console.log(
    `[eval] ${plan.length} cases (${CASE_KINDS.map((k) => `${k} ${plan.filter((c) => c.kind === k).length}`).join(', ')}); ` +
      `${identities.length} identities; layouts passport [${layouts.passport.map((l) => l ?? 'default').join(', ')}], ` +
      `id_card [${layouts.id_card.map((l) => l ?? 'default').join(', ')}]; seed ${config.plan.seed}, reference date ${config.referenceDate}`,
  );
  const sandbox = await openSandbox('eval-pipeline');
  const started = Date.now();
  const outcomes: CaseOutcome[] = [];
  try {
    const admin = sandbox.adminToken ? new SandboxClient(sandbox.baseUrl, sandbox.adminToken) : null;
    if (!admin) console.log('[eval] no admin token: every case runs in the default project, so duplicates may turn cases to review');
    for (const [i, c] of plan.entries()) {
      // Each case in a project of its own: the duplicate search is per project environment, and one
      // case's completion must not make the next case showing the same face a suspected duplicate.
      let client = new SandboxClient(sandbox.baseUrl, sandbox.sandboxKey);
      let caseAdmin: { client: SandboxClient; projectId: string } | null = null;
      if (admin) {
        const project = await admin.call<{ project: { id: string }; keys: { sandbox: { secretKey: string } } }>(
          'POST',
          '/admin/v1/projects',
          {
            json: { name: `eval-pipeline ${c.id}` },
          },
        );
        if (project.status !== 201) throw new Error(`create project: ${project.status} ${JSON.stringify(project.body)}`);
        client = client.withKey(project.body.keys.sandbox.secretKey);
        caseAdmin = { client: admin, projectId: project.body.project.id };
      }
      const document = await renderDocument(c, await passportPhoto(c.portrait), config.referenceDate);
      const selfie = await selfieImage(c);
      const selfieRetake = c.selfieRetake ? readFileSync(c.selfieRetake) : null;
      const outcome = await runCase(c, { client, admin: caseAdmin, document, selfie, selfieRetake }, DATA_DIR);
      outcomes.push(outcome);
      const why = isApproved(outcome)
        ? outcome.retakes.length
          ? ` [${reasonsOf(outcome).join(' ')}]`
          : ''
        : ` — ${causeOf(outcome)} [${reasonsOf(outcome).join(' ')}]`;
      const face = outcome.faceMatch.score === null ? '' : ` face ${outcome.faceMatch.status ?? '?'} ${outcome.faceMatch.score.toFixed(2)}`;
      console.log(
        `[eval] ${String(i + 1).padStart(3)}/${plan.length} ${c.id.padEnd(14)} ${layoutKey(c).padEnd(22)} ${outcome.final}${face}${why}${outcome.error ? ` ERROR ${outcome.error}` : ''}`,
      );
    }
  } finally {
    await sandbox.stop();
  }
  const report = aggregate(outcomes);
  printReport(report);
  const minutes = (Date.now() - started) / 60_000;
  console.log(`[eval] ${outcomes.length} cases in ${minutes.toFixed(1)} min (load average ${loadavg()[0].toFixed(1)})`);
  mkdirSync(path.dirname(config.out), { recursive: true });
  const json = {
    at: new Date().toISOString(),
    seed: config.plan.seed,
    referenceDate: config.referenceDate,
    capture: MILD_CAPTURE,
    layouts,
    minutes: Number(minutes.toFixed(1)),
    ...report,
    outcomes,
  };
  writeFileSync(config.out, JSON.stringify(json, null, 2) + '\n');
  const svg = config.out.replace(/\.json$/, '') + '.svg';
  const row = (label: string, these: CaseOutcome[]) => ({
    label,
    parts: [
      { name: 'approved', count: these.filter(isApproved).length },
      { name: 'review', count: these.filter(isReview).length },
      { name: 'failed', count: these.filter(isFailed).length },
      { name: 'refused', count: these.filter(isRefused).length },
      { name: 'error', count: these.filter((o) => o.final === 'error').length },
    ],
  });
  writeFileSync(
    svg,
    stackedBarChart(`eval:pipeline — outcomes per case type and per layout (seed ${config.plan.seed})`, [
      ...CASE_KINDS.map((kind) =>
        row(
          kind,
          outcomes.filter((o) => o.kind === kind),
        ),
      ),
      ...Object.keys(report.byLayout).map((key) =>
        row(
          `genuine ${key}`,
          outcomes.filter((o) => o.kind === 'genuine' && layoutKey(o) === key),
        ),
      ),
    ]),
  );
  console.log(`[eval] wrote ${config.out} and ${svg}`);
}

function printReport(report: EvalReport): void {
  console.log('\n[eval] outcome per case type          n  approved   review   failed  refused');
  for (const kind of CASE_KINDS) {
    const f = report[kind];
    console.log(
      `[eval]   ${kind.padEnd(28)} ${String(f.n).padStart(3)}  ${pct(f.approvedRate).padStart(8)} ${pct(f.reviewRate).padStart(8)} ${pct(f.failedRate).padStart(8)} ${String(f.refused).padStart(8)}${f.errors ? `  (${f.errors} run errors)` : ''}`,
    );
  }
  console.log(`[eval]   wrong side asked to retake: ${report.wrongSide.retake}/${report.wrongSide.n}`);
  console.log(`[eval]   spoofs refused: ${report.spoof.refused}/${report.spoof.n} (${report.spoof.refusedAtUpload} at the selfie upload)`);
  console.log('[eval] why (reason → cases per type):');
  for (const [reason, kinds] of Object.entries(report.byReason).sort((a, b) => a[0].localeCompare(b[0])))
    console.log(
      `[eval]   ${reason.padEnd(44)} ${Object.entries(kinds)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
  console.log('[eval] genuine people not approved:');
  for (const g of report.genuineNotApproved)
    console.log(
      `[eval]   ${g.id} ${g.layout} ${g.holder} (portrait ${g.images?.portrait}, selfie ${g.images?.selfie}): ${g.final}, ${g.cause} [${g.reasons.join(' ')}]`,
    );
  console.log('[eval] per layout (approved/n):');
  for (const [key, kinds] of Object.entries(report.byLayout))
    console.log(
      `[eval]   ${key.padEnd(24)} ${Object.entries(kinds)
        .map(([k, f]) => `${k} ${f?.approved}/${f?.n}`)
        .join(', ')}`,
    );
  console.log('[eval] targets:');
  for (const [name, t] of Object.entries(report.targets))
    console.log(
      `[eval]   ${name.padEnd(18)} ${pct(t.value).padStart(8)}  target ${t.target}: ${t.met === null ? 'not measured' : t.met ? 'met' : 'NOT met'}`,
    );
}

async function runPortraits(config: ReturnType<typeof options>): Promise<void> {
  const identities = loadIdentities();
  const progress = (line: string) => console.log(line);
  const started = Date.now();
  const printed = await printPortraits(identities, {
    seed: config.plan.seed,
    referenceDate: config.referenceDate,
    layouts: config.plan.layouts,
    bothTypes: config.bothTypes,
    progress,
  });
  const printedSet = await printedPairs(printed, identities);
  const sets = { ...(await selfiePairs(progress)), 'printed-portrait': { genuine: printedSet.genuine, impostor: printedSet.impostor } };
  const report = portraitReport(sets, printedSet.byLayout, printedSet.byDetection);
  const missing = printed.filter((p) => p.missing);
  const json = {
    at: new Date().toISOString(),
    seed: config.plan.seed,
    capture: MILD_CAPTURE,
    printed: printed.length,
    portraits: printed.map((p) => ({
      photo: path.relative(DATA_DIR, p.photo),
      documentType: p.documentType,
      layout: p.layout,
      detection: p.detection,
      missing: p.missing,
    })),
    printedWithoutDescriptor: missing.map((p) => ({
      photo: path.relative(REPO_ROOT, p.photo),
      documentType: p.documentType,
      layout: p.layout,
      missing: p.missing,
    })),
    ...report,
  };
  mkdirSync(path.dirname(config.out), { recursive: true });
  writeFileSync(config.out, JSON.stringify(json, null, 2) + '\n');
  const svg = config.out.replace(/\.json$/, '') + '.svg';
  const bandRow = (label: string, f: { genuineMatched: number; genuineReview: number; genuineNotMatched: number }) => ({
    label,
    parts: [
      { name: 'approved', count: f.genuineMatched },
      { name: 'review', count: f.genuineReview },
      { name: 'failed', count: f.genuineNotMatched },
    ],
  });
  writeFileSync(
    svg,
    stackedBarChart('Genuine pairs per band (green MATCHED, yellow review, red NOT_MATCHED): shipped | pooled thresholds', [
      ...Object.entries(report.atShippedBands).map(([name, f]) => bandRow(`${name} (shipped)`, f)),
      ...Object.entries(report.atPooledThresholds).map(([name, f]) => bandRow(`${name} (pooled)`, f)),
    ]),
  );
  console.log(JSON.stringify({ ...report, printedWithoutDescriptor: json.printedWithoutDescriptor.length }, null, 2));
  console.log(
    `[portraits] ${printed.length} printed portraits in ${((Date.now() - started) / 60_000).toFixed(1)} min; wrote ${config.out} and ${svg}`,
  );
}

async function main(): Promise<void> {
  const config = options();
  if (config.help) {
    console.log(HELP);
    return;
  }
  await (config.portraits ? runPortraits(config) : runPipeline(config));
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(`[eval] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  });
