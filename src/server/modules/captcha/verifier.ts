/**
 * Captcha verification behind one interface, so routes do not care which provider runs:
 * - {@link DevCaptcha}: the embedded default. The page loads `/dev/captcha.js`, whose
 *   `grecaptcha.execute(siteKey, { action })` fetches a token from this server; the token is an
 *   HMAC-SHA256 signed `{action, expiry, nonce}`, valid for {@link CAPTCHA_TOKEN_TTL_MS} and once.
 *   It proves only that the caller ran our script: enough for development and tests, not a bot
 *   defence. Production sets RECAPTCHA_SECRET.
 * - {@link RecaptchaVerifier}: Google reCAPTCHA (v3 score or v2), used when RECAPTCHA_SECRET is
 *   set; its HTTP transport is injectable, so tests mock Google.
 * @module
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../../platform/http/errors.ts';

/** What a verification answers. */
export interface CaptchaResult {
  ok: boolean;
  /** The action the token was issued for, when the provider tells. */
  action?: string;
  /** Why it failed (logged, never shown to the shopper beyond {@link CAPTCHA_FAILED_MESSAGE}). */
  reason?: string;
}

/** A captcha provider. */
export interface CaptchaVerifier {
  readonly name: 'dev' | 'recaptcha';
  verify(token: string, context?: { remoteIp?: string; expectedAction?: string }): Promise<CaptchaResult>;
}

/** What a failed captcha answers (400). */
export const CAPTCHA_FAILED_MESSAGE = 'Captcha verification failed. Please try again.';
/** How long a dev token lives; Google's tokens live two minutes too. @default 120000 */
export const CAPTCHA_TOKEN_TTL_MS = 120_000;
/** The site key the dev script accepts (any key works; this one is the configured default). */
export const DEV_SITE_KEY = 'skimmer-dev-site-key';

const ACTION_RE = /^[A-Za-z0-9_/]{1,100}$/;

/** The answer to a token request for an action Google would refuse (400). */
export const INVALID_CAPTCHA_ACTION = 'Invalid captcha action.';

/** Whether an action name is one Google would accept (letters, digits, _ and /). */
export function isValidAction(action: string): boolean {
  return ACTION_RE.test(action);
}

/**
 * The development provider: issues and checks HMAC-signed one-time tokens.
 * @example
 * const captcha = new DevCaptcha('secret');
 * const token = captcha.issue('newsletter');
 * (await captcha.verify(token)).ok; // true, once
 */
export class DevCaptcha implements CaptchaVerifier {
  readonly name = 'dev' as const;
  private readonly used = new Map<string, number>();
  private readonly key: Buffer;

  /** @param secret HMAC key; a random one per process when absent. @param now clock. @default Date.now */
  constructor(secret?: string, private readonly now: () => number = Date.now) {
    this.key = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  }

  /** A signed token for `action`. */
  issue(action: string): string {
    const payload = Buffer.from(JSON.stringify({ a: action, e: this.now() + CAPTCHA_TOKEN_TTL_MS, n: randomBytes(12).toString('base64url') })).toString('base64url');
    return `dev.${payload}.${this.sign(payload)}`;
  }

  /** A signed token for the script's request: an action Google would refuse answers 400. */
  tokenFor(action: string): string {
    if (!isValidAction(action)) throw new HttpError(400, INVALID_CAPTCHA_ACTION);
    return this.issue(action);
  }

  async verify(token: string, context: { expectedAction?: string } = {}): Promise<CaptchaResult> {
    const parts = typeof token === 'string' && token.length <= 2048 ? token.split('.') : [];
    if (parts.length !== 3 || parts[0] !== 'dev') return { ok: false, reason: 'malformed' };
    const payload = parts[1] ?? '';
    // the signature's text is compared, not its decoded bytes: a 32-byte digest leaves two unused
    // bits in the last base64url letter, so another spelling of it would decode to the same bytes
    const sig = Buffer.from(parts[2] ?? '', 'utf8');
    const expected = Buffer.from(this.sign(payload), 'utf8');
    if (sig.length !== expected.length || !timingSafeEqual(sig, expected)) return { ok: false, reason: 'bad-signature' };
    let data: unknown;
    try {
      data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const { a, e, n } = (data ?? {}) as { a?: unknown; e?: unknown; n?: unknown };
    if (typeof a !== 'string' || typeof e !== 'number' || typeof n !== 'string') return { ok: false, reason: 'malformed' };
    const t = this.now();
    if (t >= e) return { ok: false, reason: 'expired', action: a };
    if (context.expectedAction !== undefined && context.expectedAction !== a) return { ok: false, reason: 'wrong-action', action: a };
    this.forgetExpired(t);
    if (this.used.has(n)) return { ok: false, reason: 'reused', action: a };
    this.used.set(n, e);
    return { ok: true, action: a };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  private forgetExpired(t: number): void {
    if (this.used.size < 1000) return;
    for (const [n, e] of this.used) if (e <= t) this.used.delete(n);
  }
}

/** Posts the verification form; answers the parsed JSON. */
export type RecaptchaTransport = (url: string, form: URLSearchParams) => Promise<unknown>;

/** Google's verification endpoint. */
export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/** Lowest v3 score accepted. @default 0.5 */
export const RECAPTCHA_MIN_SCORE = 0.5;

const fetchTransport: RecaptchaTransport = async (url, form) => {
  const res = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(5000) });
  return res.json();
};

/**
 * The reCAPTCHA provider. A v3 answer must reach `minScore`; a v2 answer (no score) passes on
 * `success`. A transport failure is a failed verification (fail closed), never a 500.
 */
export class RecaptchaVerifier implements CaptchaVerifier {
  readonly name = 'recaptcha' as const;

  constructor(
    private readonly secret: string,
    private readonly transport: RecaptchaTransport = fetchTransport,
    private readonly minScore: number = RECAPTCHA_MIN_SCORE,
  ) {}

  async verify(token: string, context: { remoteIp?: string; expectedAction?: string } = {}): Promise<CaptchaResult> {
    if (typeof token !== 'string' || token === '' || token.length > 4096) return { ok: false, reason: 'malformed' };
    const form = new URLSearchParams({ secret: this.secret, response: token });
    if (context.remoteIp) form.set('remoteip', context.remoteIp);
    let answer: unknown;
    try {
      answer = await this.transport(RECAPTCHA_VERIFY_URL, form);
    } catch (err) {
      return { ok: false, reason: `transport: ${(err as Error).message}` };
    }
    const { success, score, action } = (answer ?? {}) as { success?: unknown; score?: unknown; action?: unknown };
    const act = typeof action === 'string' ? action : undefined;
    if (success !== true) return { ok: false, reason: 'rejected', ...(act ? { action: act } : {}) };
    if (typeof score === 'number' && score < this.minScore) return { ok: false, reason: 'low-score', ...(act ? { action: act } : {}) };
    if (context.expectedAction !== undefined && act !== undefined && act !== context.expectedAction) {
      return { ok: false, reason: 'wrong-action', action: act };
    }
    return { ok: true, ...(act ? { action: act } : {}) };
  }
}

/**
 * The provider the environment asks for: reCAPTCHA when RECAPTCHA_SECRET is set, else the dev
 * provider keyed by CAPTCHA_DEV_SECRET (or a random key per process).
 */
export function captchaFromEnv(env: NodeJS.ProcessEnv = process.env): CaptchaVerifier {
  const secret = env.RECAPTCHA_SECRET?.trim();
  if (secret) return new RecaptchaVerifier(secret);
  return new DevCaptcha(env.CAPTCHA_DEV_SECRET?.trim() || undefined);
}
