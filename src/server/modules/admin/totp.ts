/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), with node:crypto only: the
 * second factor an operator may enrol with any authenticator app. Secrets travel as base32
 * (RFC 4648, no padding), the form authenticator apps read from an `otpauth://` URI.
 *
 * A code is accepted for the current 30-second step and one step either side (clock drift), and
 * only for a step later than the last one accepted, so a code seen over a shoulder cannot be
 * replayed (the caller stores the step: {@link verifyTotp} answers it).
 * @module
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The hash of a TOTP. @default 'sha1' (what authenticator apps assume) */
export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** Parameters of a TOTP. */
export interface TotpOptions {
  /** Seconds per step. @default 30 */
  step?: number;
  /** Digits of a code. @default 6 */
  digits?: number;
  /** @default 'sha1' */
  algorithm?: TotpAlgorithm;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** RFC 4648 base32 (case and spaces ignored, padding optional); null for any other character. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit secret, base32 (RFC 4226 recommends at least 128 bits, apps expect 160). */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/**
 * The HOTP code of a counter (RFC 4226 section 5.3: dynamic truncation).
 * @example
 * hotp(Buffer.from('12345678901234567890'), 0); // '755224'
 */
export function hotp(secret: Buffer, counter: number, digits = 6, algorithm: TotpAlgorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/**
 * The TOTP code at a time (seconds since the epoch).
 * @example
 * totp(Buffer.from('12345678901234567890'), 59, { digits: 8 }); // '94287082'
 */
export function totp(secret: Buffer, unixSeconds: number, options: TotpOptions = {}): string {
  const step = options.step ?? 30;
  return hotp(secret, Math.floor(unixSeconds / step), options.digits ?? 6, options.algorithm ?? 'sha1');
}

/**
 * Checks a code typed at `unixSeconds`: answers the step it matched (store it as the last one
 * used), or null when it matches no step within one of now or none after `lastStep`.
 * @example
 * verifyTotp(secretBase32, '287082', Date.now() / 1000, 0); // 58066221 or null
 */
export function verifyTotp(secretBase32: string, code: string, unixSeconds: number, lastStep: number, options: TotpOptions = {}): number | null {
  const digits = options.digits ?? 6;
  if (!new RegExp(`^[0-9]{${digits}}$`).test(code)) return null;
  const secret = base32Decode(secretBase32);
  if (secret === null || secret.length === 0) return null;
  const now = Math.floor(unixSeconds / (options.step ?? 30));
  let matched: number | null = null;
  // every candidate is computed and compared, so the time says nothing about which one matched
  for (const step of [now - 1, now, now + 1]) {
    const expected = Buffer.from(hotp(secret, step, digits, options.algorithm ?? 'sha1'));
    if (timingSafeEqual(expected, Buffer.from(code)) && step > lastStep && matched === null) matched = step;
  }
  return matched;
}

/**
 * The `otpauth://` URI an authenticator app reads (as text or a QR code).
 * @example
 * totpUri('JBSWY3DPEHPK3PXP', 'owner@shop.example'); // 'otpauth://totp/Skimmer:owner%40shop.example?secret=...'
 */
export function totpUri(secretBase32: string, account: string, issuer = 'Skimmer'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  return `otpauth://totp/${label}?secret=${secretBase32}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=30`;
}
