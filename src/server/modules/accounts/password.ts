/**
 * Password hashing with scrypt (node:crypto, async, off the event loop). The stored form carries
 * its parameters, `scrypt$N$r$p$salt$hash` (base64url), so a later cost raise verifies old hashes
 * and `needsRehash` tells when to upgrade one at the next sign-in.
 *
 * Cost: N = 2^17, r = 8, p = 1 needs 128 * N * r = 128 MiB per hash, so `maxmem` is raised to
 * 256 MiB. Lengths: at least {@link PASSWORD_MIN_LENGTH} characters, at most
 * {@link PASSWORD_MAX_LENGTH} (to bound the work an attacker can ask for per request; the hash
 * input is the UTF-8 of the NFC-normalised password, so the same password typed on two keyboards
 * matches).
 * @module
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Fewest characters a password may have. @default 12 */
export const PASSWORD_MIN_LENGTH = 12;
/** Most characters a password may have (code points). @default 256 */
export const PASSWORD_MAX_LENGTH = 256;

/** scrypt parameters. */
export interface ScryptParams {
  /** CPU/memory cost, a power of two. @default 131072 (2^17) */
  N: number;
  /** Block size. @default 8 */
  r: number;
  /** Parallelism. @default 1 */
  p: number;
}

/** The production parameters. */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is below N = 2^17
    maxmem: 2 * 128 * params.N * params.r + 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** The message of a password outside the length rule (the caller shows it as-is). */
export function passwordProblem(password: string): string | null {
  const length = [...password.normalize('NFC')].length;
  if (length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  return null;
}

/**
 * Hashes a password for storage.
 * @example
 * const stored = await hashPassword('correct horse battery');
 * await verifyPassword('correct horse battery', stored); // true
 */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  // refuse absurd stored costs rather than let a bad row stall the server
  if (!Number.isInteger(N) || N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0) return null;
  if (!Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || key.length !== KEY_LENGTH) return null;
  return { params: { N, r, p }, salt, key };
}

/** Whether `password` matches a stored hash; a malformed stored value never matches. Constant-time compare. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash was made with other parameters than `params` (upgrade it at sign-in). */
export function needsRehash(stored: string, params: ScryptParams = DEFAULT_SCRYPT): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.N !== params.N || parsed.params.r !== params.r || parsed.params.p !== params.p;
}
