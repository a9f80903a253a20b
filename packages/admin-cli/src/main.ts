import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { USAGE, UsageError, buildRequest } from './commands';

function target(): { baseUrl: string; token: string } {
  const fromEnv = { baseUrl: process.env.KYC_API_URL, token: process.env.KYC_ADMIN_TOKEN };
  if (fromEnv.baseUrl && fromEnv.token) return { baseUrl: fromEnv.baseUrl, token: fromEnv.token };
  const file = path.resolve(process.env.KYC_DATA_DIR ?? './.data', 'dev-credentials.json');
  if (!existsSync(file)) throw new UsageError(`no KYC_API_URL/KYC_ADMIN_TOKEN and no ${file}: start the stack (npm start) or set them`);
  const credentials = JSON.parse(readFileSync(file, 'utf8')) as {
    baseUrl: string;
    adminToken: string;
    operators?: { role: string; token: string }[];
  };
  // The local admin operator's token, so the audit log names a person; the bootstrap token for files from before operators.
  const operatorToken = credentials.operators?.find((operator) => operator.role === 'admin')?.token;
  return { baseUrl: fromEnv.baseUrl ?? credentials.baseUrl, token: fromEnv.token ?? operatorToken ?? credentials.adminToken };
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      account: { type: 'string' },
      environment: { type: 'string' },
      status: { type: 'string' },
      limit: { type: 'string' },
      before: { type: 'string' },
      reviewer: { type: 'string' },
      password: { type: 'string' },
      operator: { type: 'string' },
      action: { type: 'string' },
      reason: { type: 'string' },
      threshold: { type: 'string' },
      weights: { type: 'string' },
      penalty: { type: 'string' },
      duplicates: { type: 'string' },
      group: { type: 'string' },
      topic: { type: 'string' },
      offset: { type: 'string' },
      all: { type: 'boolean' },
      'poa-required': { type: 'string' },
      'poa-max-age-months': { type: 'string' },
      'allow-manual-upload': { type: 'string' },
      'vault-reuse': { type: 'string' },
      'vault-reuse-max-age-days': { type: 'string' },
      'vault-reuse-billing': { type: 'string' },
      primary: { type: 'string' },
      'on-primary': { type: 'string' },
      text: { type: 'string' },
      surface: { type: 'string' },
      background: { type: 'string' },
      radius: { type: 'string' },
      font: { type: 'string' },
      help: { type: 'boolean' },
      'session-id': { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      email: { type: 'string' },
      'email-hash': { type: 'string' },
    },
  });
  const [command, ...args] = positionals;
  if (!command || command === 'help' || values.help) {
    console.log(USAGE);
    return 0;
  }
  // Boolean flags (--all) reach the commands as 'true', like a string flag that was given.
  const flags = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, value === true ? 'true' : value === false ? undefined : value]),
  );
  const request = buildRequest(command, args, flags);
  const { baseUrl, token } = target();
  const response = await fetch(baseUrl.replace(/\/$/, '') + request.path, {
    method: request.method,
    headers: { authorization: `Bearer ${token}`, 'x-admin-client': 'cli', ...(request.body ? { 'content-type': 'application/json' } : {}) },
    body: request.upload ? await multipartOf(request.upload) : request.body ? JSON.stringify(request.body) : undefined,
  });
  const text = await response.text();
  let shown = text;
  try {
    shown = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON: print as it came.
  }
  if (!response.ok) {
    console.error(`HTTP ${response.status}\n${shown}`);
    return 1;
  }
  console.log(shown);
  return 0;
}

/** The file as the only part of a multipart body (fetch sets the boundary). */
async function multipartOf(upload: { field: string; filePath: string }): Promise<FormData> {
  const form = new FormData();
  form.append(upload.field, new Blob([await readFile(upload.filePath)]), path.basename(upload.filePath));
  return form;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error((error as Error).message);
    process.exit(1);
  },
);
