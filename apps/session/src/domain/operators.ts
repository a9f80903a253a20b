import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * Operators: the people who run the platform through the admin API, the CLI and (later) the
 * dashboard. Each has one role; what a role may call is the gateway's permission table.
 */
export const OPERATOR_ROLES = ['admin', 'reviewer', 'read_only'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const isOperatorRole = (value: string): value is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(value);

export interface OperatorRecord {
  id: string;
  email: string;
  role: OperatorRole;
  status: 'active' | 'disabled';
  createdAt: Date;
  disabledAt: Date | null;
  createdBy: string;
}

/** An operator as created: its token and password appear here once and are stored only hashed. */
export interface CreatedOperator {
  operator: OperatorRecord;
  token: string;
  password: string;
}

export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 256;
const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,63}$/;

/** Lower-cased and trimmed, so one person has one operator however the address is typed; null when it is not an e-mail address. */
export function normaliseOperatorEmail(value: string): string | null {
  const email = value.trim().toLowerCase();
  return email.length <= 254 && EMAIL_PATTERN.test(email) ? email : null;
}

/** The reason a chosen password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `the password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `the password must have at most ${MAX_PASSWORD_LENGTH} characters`;
  return null;
}

/** 18 random bytes (144 bits) in base64url: 24 characters, shown once at creation. */
export const generatePassword = (): string => randomBytes(18).toString('base64url');

const TOKEN_PATTERN = /^opk_[A-Za-z0-9_-]{43}$/;

/** `opk_` and 32 random bytes (256 bits) in base64url: a bearer token for the admin API and the CLI. */
export function issueOperatorToken(): { value: string; prefix: string } {
  const value = `opk_${randomBytes(32).toString('base64url')}`;
  return { value, prefix: value.slice(0, 10) };
}

export const looksLikeOperatorToken = (value: string): boolean => TOKEN_PATTERN.test(value);

/**
 * Tokens carry 256 bits of entropy, so a plain SHA-256 is enough to store them (nobody can
 * enumerate the input space), and lookup by digest means no secret-dependent comparison in code.
 */
export const hashOperatorToken = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * scrypt with N = 2^15, r = 8, p = 1 (32 MiB, ~0.1 s on one core here): people choose passwords,
 * so each guess must cost. Stored as `scrypt$N$r$p$salt$hash`, salt and hash in base64url, so the
 * parameters can be raised later without breaking stored hashes.
 */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 } as const;

export function hashPassword(password: string, salt: Buffer = randomBytes(16)): string {
  const { N, r, p, keyLength } = SCRYPT;
  const hash = scryptSync(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Constant-time comparison of the derived key; a malformed stored hash never matches. */
export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const derived = scryptSync(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return derived.length === expected.length && timingSafeEqual(derived, expected);
}

/**
 * Checked against an unknown or disabled operator's e-mail so that such a sign-in costs the same
 * scrypt as a wrong password: the answer's timing does not tell which addresses are operators.
 */
export const UNUSABLE_PASSWORD_HASH = hashPassword(randomBytes(18).toString('base64url'));
