import { createHash } from 'node:crypto';
/** The CLI's commands as routes of the admin API: pure, so they can be tested without a server. */
export interface AdminRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** A file sent as multipart/form-data in `field` instead of a JSON body. */
  upload?: { field: string; filePath: string };
}

export class UsageError extends Error {}

const ENVIRONMENTS = ['test', 'sandbox', 'live'];

function environment(value: string | undefined): string {
  if (!value || !ENVIRONMENTS.includes(value)) throw new UsageError(`environment must be one of ${ENVIRONMENTS.join(', ')}`);
  return value;
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new UsageError(`missing <${name}>`);
  return encodeURIComponent(value);
}

function wholeNumber(value: string | undefined, name: string): number {
  const parsed = Number(value);
  if (value === undefined || value === '' || !Number.isInteger(parsed) || parsed < 0)
    throw new UsageError(`<${name}> must be a whole number, 0 or more`);
  return parsed;
}

/** Scoring policies exist for sandbox and live only: test mode follows its personas. */
function policyEnvironment(value: string | undefined): string {
  if (value !== 'sandbox' && value !== 'live')
    throw new UsageError('a scoring policy belongs to sandbox or live (test mode follows its personas)');
  return value;
}

function flagBoolean(value: string, flag: string): boolean {
  if (value !== 'true' && value !== 'false') throw new UsageError(`--${flag} must be true or false`);
  return value === 'true';
}

/** The PATCH body: only the flags given; the others keep their value. */
function settingsChange(flags: Record<string, string | undefined>): Record<string, unknown> {
  const change: Record<string, unknown> = {};
  if (flags['poa-required'] !== undefined) change.poaRequiredForVerification = flagBoolean(flags['poa-required'], 'poa-required');
  if (flags['poa-max-age-months'] !== undefined) change.poaMaxAgeMonths = wholeNumber(flags['poa-max-age-months'], 'poa-max-age-months');
  if (flags['allow-manual-upload'] !== undefined)
    change.allowManualUpload = flagBoolean(flags['allow-manual-upload'], 'allow-manual-upload');
  if (flags['vault-reuse'] !== undefined) change.vaultReuseEnabled = flagBoolean(flags['vault-reuse'], 'vault-reuse');
  if (flags['vault-reuse-max-age-days'] !== undefined)
    change.vaultReuseMaxAgeDays = wholeNumber(flags['vault-reuse-max-age-days'], 'vault-reuse-max-age-days');
  if (flags['vault-reuse-billing'] !== undefined) {
    if (flags['vault-reuse-billing'] !== 'charge' && flags['vault-reuse-billing'] !== 'free')
      throw new UsageError('--vault-reuse-billing must be charge or free');
    change.vaultReuseBilling = flags['vault-reuse-billing'];
  }
  if (flags['biometric-retention-days'] !== undefined)
    change.biometricRetentionDays = wholeNumber(flags['biometric-retention-days'], 'biometric-retention-days');
  if (Object.keys(change).length === 0)
    throw new UsageError(
      'name at least one of --poa-required, --poa-max-age-months, --allow-manual-upload, --vault-reuse, --vault-reuse-max-age-days, --vault-reuse-billing, --biometric-retention-days',
    );
  return change;
}

/** Branding flags → the PATCH body's fields (colours as #rrggbb; the server checks their contrast). */
const BRANDING_FLAGS: Readonly<Record<string, string>> = {
  primary: 'colorPrimary',
  'on-primary': 'colorOnPrimary',
  text: 'colorText',
  surface: 'colorSurface',
  background: 'colorBackground',
  font: 'fontFamily',
};

function brandingChange(flags: Record<string, string | undefined>): Record<string, unknown> {
  const change: Record<string, unknown> = {};
  for (const [flag, field] of Object.entries(BRANDING_FLAGS)) if (flags[flag] !== undefined) change[field] = flags[flag];
  if (flags.radius !== undefined) change.cornerRadiusPx = wholeNumber(flags.radius, 'radius');
  if (Object.keys(change).length === 0)
    throw new UsageError(`name at least one of ${[...Object.keys(BRANDING_FLAGS), 'radius'].map((f) => `--${f}`).join(', ')}`);
  return change;
}

function decimal(value: string, flag: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed)) throw new UsageError(`--${flag} must be a number`);
  return parsed;
}

/** The PUT body: only the flags given, since whatever is left out goes back to its default. */
function scoringOverrides(flags: Record<string, string | undefined>): Record<string, unknown> {
  const overrides: Record<string, unknown> = {};
  if (flags.threshold !== undefined) overrides.autoApproveThreshold = decimal(flags.threshold, 'threshold');
  if (flags.weights !== undefined) {
    const parts = flags.weights.split(',');
    if (parts.length !== 3) throw new UsageError('--weights takes three numbers: detection,faceMatch,liveness (e.g. 0.3,0.5,0.2)');
    const [detectionConfidence, faceMatchScore, livenessConfidence] = parts.map((part) => decimal(part, 'weights'));
    overrides.weights = { detectionConfidence, faceMatchScore, livenessConfidence };
  }
  if (flags.penalty !== undefined) overrides.lowSeverityPenalty = decimal(flags.penalty, 'penalty');
  if (flags.duplicates !== undefined) {
    if (flags.duplicates !== 'review' && flags.duplicates !== 'allow') throw new UsageError('--duplicates must be review or allow');
    overrides.duplicates = flags.duplicates;
  }
  return overrides;
}

export const USAGE = `Usage: npm run admin -- <command> [arguments]

  projects:create <name> [--account <accountName>]
  projects:list
  projects:show <projectId>
  projects:approve <projectId>
  settings:show <projectId> <environment>
  settings:set <projectId> <environment> [--poa-required true|false] [--poa-max-age-months 1-24]
               [--allow-manual-upload true|false] [--vault-reuse true|false]
               [--vault-reuse-max-age-days 1-730] [--vault-reuse-billing charge|free]
               [--biometric-retention-days 30-3650]
      Changes only the settings given. New sessions take them; sessions already created keep
      the settings they were created with; the biometric retention applies to every completed
      verification of the environment at the next retention sweep.
  branding:show <projectId> <environment>
  branding:set <projectId> <environment> [--primary #rrggbb] [--on-primary #rrggbb] [--text #rrggbb]
               [--surface #rrggbb] [--background #rrggbb] [--radius 0-32] [--font "Inter, sans-serif"]
      Changes only what is given; refused whole when text would fall under WCAG AA contrast.
  branding:logo <projectId> <environment> <file.png|file.jpg>
  branding:remove-logo <projectId> <environment>
  keys:list <projectId>
  keys:rotate <projectId> <environment>
  keys:revoke <projectId> <keyId>
  webhook:set <projectId> <environment> <url>            (the secret is shown when the endpoint is created)
  webhook:rotate-secret <projectId> <environment> [--overlap-hours 24]
  webhook:deliveries <projectId> <environment> [--limit N]
  webhook:replay <projectId> <deliveryId>
  balance:top-up <projectId> <environment> <amount>
  balance:show <projectId> <environment>
  balance:history <projectId> <environment> [--limit N] [--before ENTRY_ID]
  balance:set-trial <projectId> <environment> <verifications>
  balance:set-credit-limit <projectId> <environment> <verifications>
  sessions:list <projectId> [--environment test|sandbox|live] [--status <status>] [--limit N]
                [--session-id <id>] [--from <ISO instant>] [--to <ISO instant>] [--before <cursor>]
                [--email <address> | --email-hash <hex SHA-256>]
      --email is hashed here (SHA-256 of the trimmed, lower-cased address): only the hash is sent.
  sessions:history <projectId> <sessionId>  (transitions, attempts and webhook deliveries, oldest first)
  review:queue <projectId> <environment> [--limit N]   (manual_review sessions, oldest first)
  review:case <projectId> <sessionId>       (the case a reviewer sees; audited, marks it opened by you)
  sessions:approve <projectId> <sessionId>
  sessions:reject <projectId> <sessionId> --reason <text>
      The reviewer is the operator whose token makes the call; --reviewer <name> counts only
      with the bootstrap ADMIN_TOKEN.
  sessions:decisions <projectId> <sessionId>
  scoring:show <projectId> <sandbox|live>
  scoring:set <projectId> <sandbox|live> [--threshold 0.85] [--weights 0.3,0.5,0.2]
              [--penalty 0.05] [--duplicates review|allow]
      Replaces the whole override set: a setting not given goes back to its default
      (no flags at all resets the policy). --weights is detection,faceMatch,liveness.
  dead-letters:list [--group <group>] [--topic <topic>] [--limit N] [--offset N]
  dead-letters:replay <deadLetterId>
  dead-letters:replay --all [--group <group>] [--topic <topic>]
      Asks the consumer group that owns the dead letter(s) to run its handler again (within a
      few seconds); list again to see replayedAt, or the new lastError.
  operators:create <email> <admin|reviewer|read_only> [--password <12+ characters>]
      Answers the operator's API token and password once (a password is generated when not given).
  operators:list
  operators:disable <operatorId>          (its tokens stop working at once; it stays listed)
  operators:me                            (who the token belongs to)
  audit:list [--operator <operatorId>] [--action <action>] [--limit N] [--before ENTRY_ID]
      The admin audit log, newest first; every command of this CLI is in it (channel cli).
  audit:export [--operator <operatorId>] [--action <action>] [--before ENTRY_ID]
      The same, as CSV on standard output (admins only).

environment is test, sandbox or live. The API and token come from KYC_API_URL and
KYC_ADMIN_TOKEN (an operator's opk_ token, or the bootstrap ADMIN_TOKEN), or from
$KYC_DATA_DIR/dev-credentials.json (default ./.data: the admin operator's token).`;

export function buildRequest(command: string, args: string[], flags: Record<string, string | undefined>): AdminRequest {
  const project = (index: number) => `/admin/v1/projects/${required(args[index], 'projectId')}`;
  switch (command) {
    case 'projects:create':
      return {
        method: 'POST',
        path: '/admin/v1/projects',
        body: { name: decodeURIComponent(required(args[0], 'name')), ...(flags.account ? { accountName: flags.account } : {}) },
      };
    case 'projects:list':
      return { method: 'GET', path: '/admin/v1/projects' };
    case 'projects:show':
      return { method: 'GET', path: project(0) };
    case 'projects:approve':
      return { method: 'POST', path: `${project(0)}/approve` };
    case 'settings:show':
      return { method: 'GET', path: `${project(0)}/environments/${environment(args[1])}/settings` };
    case 'settings:set':
      return { method: 'PATCH', path: `${project(0)}/environments/${environment(args[1])}/settings`, body: settingsChange(flags) };
    case 'branding:show':
      return { method: 'GET', path: `${project(0)}/environments/${environment(args[1])}/branding` };
    case 'branding:set':
      return { method: 'PATCH', path: `${project(0)}/environments/${environment(args[1])}/branding`, body: brandingChange(flags) };
    case 'branding:logo':
      return {
        method: 'PUT',
        path: `${project(0)}/environments/${environment(args[1])}/branding/logo`,
        upload: { field: 'logo', filePath: decodeURIComponent(required(args[2], 'file')) },
      };
    case 'branding:remove-logo':
      return { method: 'DELETE', path: `${project(0)}/environments/${environment(args[1])}/branding/logo` };
    case 'keys:list':
      return { method: 'GET', path: `${project(0)}/keys` };
    case 'keys:rotate':
      return { method: 'POST', path: `${project(0)}/environments/${environment(args[1])}/keys/rotate` };
    case 'keys:revoke':
      return { method: 'POST', path: `${project(0)}/keys/${required(args[1], 'keyId')}/revoke` };
    case 'webhook:set':
      return {
        method: 'PUT',
        path: `${project(0)}/environments/${environment(args[1])}/webhook`,
        body: { url: decodeURIComponent(required(args[2], 'url')) },
      };
    case 'webhook:rotate-secret':
      return {
        method: 'POST',
        path: `${project(0)}/environments/${environment(args[1])}/webhook/rotate-secret`,
        body: flags['overlap-hours'] === undefined ? {} : { overlapHours: wholeNumber(flags['overlap-hours'], 'overlap-hours') },
      };
    case 'webhook:deliveries':
      return {
        method: 'GET',
        path: `${project(0)}/environments/${environment(args[1])}/webhook/deliveries${flags.limit ? `?limit=${encodeURIComponent(flags.limit)}` : ''}`,
      };
    case 'webhook:replay':
      return { method: 'POST', path: `${project(0)}/webhook/deliveries/${required(args[1], 'deliveryId')}/replay` };
    case 'balance:top-up': {
      const amount = Number(args[2]);
      if (!Number.isInteger(amount) || amount <= 0) throw new UsageError('amount must be a positive whole number');
      return { method: 'POST', path: `${project(0)}/environments/${environment(args[1])}/balance`, body: { amount } };
    }
    case 'balance:show':
      return { method: 'GET', path: `${project(0)}/environments/${environment(args[1])}/balance` };
    case 'balance:history': {
      const query = new URLSearchParams();
      if (flags.limit) query.set('limit', flags.limit);
      if (flags.before) query.set('before', flags.before);
      const suffix = query.size ? `?${query.toString()}` : '';
      return { method: 'GET', path: `${project(0)}/environments/${environment(args[1])}/balance/history${suffix}` };
    }
    case 'balance:set-trial':
      return {
        method: 'PUT',
        path: `${project(0)}/environments/${environment(args[1])}/trial`,
        body: { trialRemaining: wholeNumber(args[2], 'verifications') },
      };
    case 'balance:set-credit-limit':
      return {
        method: 'PUT',
        path: `${project(0)}/environments/${environment(args[1])}/credit-limit`,
        body: { creditLimit: wholeNumber(args[2], 'verifications') },
      };
    case 'sessions:list': {
      const query = new URLSearchParams();
      if (flags.environment) query.set('environment', environment(flags.environment));
      if (flags.status) query.set('status', flags.status);
      if (flags.limit) query.set('limit', flags.limit);
      if (flags['session-id']) query.set('sessionId', flags['session-id']);
      for (const flag of ['from', 'to', 'before']) if (flags[flag]) query.set(flag, flags[flag]);
      if (flags.email && flags['email-hash']) throw new UsageError('give --email or --email-hash, not both');
      const emailHash = flags.email ? emailSearchHash(flags.email) : flags['email-hash'];
      if (emailHash) query.set('emailHash', emailHash);
      const suffix = query.size ? `?${query.toString()}` : '';
      return { method: 'GET', path: `${project(0)}/sessions${suffix}` };
    }
    case 'sessions:history':
      return { method: 'GET', path: `${project(0)}/sessions/${required(args[1], 'sessionId')}/history` };
    case 'review:queue': {
      const suffix = flags.limit ? `?limit=${encodeURIComponent(flags.limit)}` : '';
      return { method: 'GET', path: `${project(0)}/environments/${environment(args[1])}/review-queue${suffix}` };
    }
    case 'review:case':
      return { method: 'GET', path: `${project(0)}/sessions/${required(args[1], 'sessionId')}/case` };
    case 'sessions:approve':
    case 'sessions:reject': {
      const decision = command === 'sessions:approve' ? 'approve' : 'reject';
      const reviewer = flags.reviewer?.trim();
      const reason = flags.reason?.trim();
      if (decision === 'reject' && !reason) throw new UsageError('a rejection needs --reason');
      return {
        method: 'POST',
        path: `${project(0)}/sessions/${required(args[1], 'sessionId')}/review`,
        body: { decision, ...(reviewer ? { reviewer } : {}), ...(reason ? { reason } : {}) },
      };
    }
    case 'sessions:decisions':
      return { method: 'GET', path: `${project(0)}/sessions/${required(args[1], 'sessionId')}/decisions` };
    case 'scoring:show':
      return { method: 'GET', path: `${project(0)}/environments/${policyEnvironment(args[1])}/scoring-policy` };
    case 'scoring:set':
      return {
        method: 'PUT',
        path: `${project(0)}/environments/${policyEnvironment(args[1])}/scoring-policy`,
        body: scoringOverrides(flags),
      };
    case 'dead-letters:list': {
      const query = new URLSearchParams();
      for (const flag of ['group', 'topic', 'limit', 'offset']) if (flags[flag]) query.set(flag, flags[flag]);
      const suffix = query.size ? `?${query.toString()}` : '';
      return { method: 'GET', path: `/admin/v1/dead-letters${suffix}` };
    }
    case 'dead-letters:replay': {
      const all = flags.all !== undefined;
      if (all === (args[0] !== undefined)) throw new UsageError('give either <deadLetterId> or --all');
      if (!all) {
        if (flags.group || flags.topic) throw new UsageError('--group and --topic go with --all');
        return { method: 'POST', path: `/admin/v1/dead-letters/${required(args[0], 'deadLetterId')}/replay` };
      }
      return {
        method: 'POST',
        path: '/admin/v1/dead-letters/replay',
        body: { ...(flags.group ? { group: flags.group } : {}), ...(flags.topic ? { topic: flags.topic } : {}) },
      };
    }
    case 'operators:create': {
      const email = args[0]?.trim();
      if (!email) throw new UsageError('missing <email>');
      const role = args[1];
      if (role !== 'admin' && role !== 'reviewer' && role !== 'read_only')
        throw new UsageError('<role> must be admin, reviewer or read_only');
      return {
        method: 'POST',
        path: '/admin/v1/operators',
        body: { email, role, ...(flags.password ? { password: flags.password } : {}) },
      };
    }
    case 'operators:list':
      return { method: 'GET', path: '/admin/v1/operators' };
    case 'operators:me':
      return { method: 'GET', path: '/admin/v1/operators/me' };
    case 'operators:disable':
      return { method: 'POST', path: `/admin/v1/operators/${required(args[0], 'operatorId')}/disable` };
    case 'audit:list': {
      const query = new URLSearchParams();
      if (flags.operator) query.set('operatorId', flags.operator);
      for (const flag of ['action', 'limit', 'before']) if (flags[flag]) query.set(flag, flags[flag]);
      const suffix = query.size ? `?${query.toString()}` : '';
      return { method: 'GET', path: `/admin/v1/audit-log${suffix}` };
    }
    case 'audit:export': {
      const query = new URLSearchParams();
      if (flags.operator) query.set('operatorId', flags.operator);
      for (const flag of ['action', 'before']) if (flags[flag]) query.set(flag, flags[flag]);
      const suffix = query.size ? `?${query.toString()}` : '';
      return { method: 'GET', path: `/admin/v1/audit-log.csv${suffix}` };
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

/** The sessions search's e-mail key (issue 29): hex SHA-256 of the trimmed, lower-cased address, as the dashboard computes it. */
export function emailSearchHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
}
