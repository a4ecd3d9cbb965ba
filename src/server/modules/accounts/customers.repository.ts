/**
 * The customers aggregate: accounts (`customers`: sign-in email, password hash, names, the
 * verification flags and the recovery email) and the one-time tokens emailed to them
 * (`auth_tokens`, stored hashed). The account routes and services call these; they hold no SQL.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';

/** What sign-in and a password change read. */
export interface CustomerAuthRow {
  id: number;
  email: string;
  password_hash: string;
  first_name: string;
  /** 1 once the sign-in email was confirmed by its owner (mail greets by name only then). */
  email_verified: number;
}

/** A customer's profile as GET /api/user serves it (before mapping). */
export interface CustomerProfileRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  recovery_email: string | null;
  recovery_email_verified: number;
  email_verified: number;
}

/** The customer holding a sign-in email, or undefined. */
export async function customerByEmail(db: Db, email: string): Promise<{ id: number; first_name: string; email_verified: number } | undefined> {
  return await db.get<{ id: number; first_name: string; email_verified: number }>('SELECT id, first_name, email_verified FROM customers WHERE email = ?', [email]);
}

/** Whether a customer id exists. */
export async function customerExists(db: Db, customerId: number): Promise<boolean> {
  return (await db.get<{ id: number }>('SELECT id FROM customers WHERE id = ?', [customerId])) !== undefined;
}

/** A new account (unverified); answers its id. */
export async function insertCustomer(
  db: Db,
  c: { email: string; passwordHash: string; firstName: string; lastName: string; at: string },
): Promise<number | undefined> {
  const row = await db.get<{ id: number }>(
    'INSERT INTO customers (email, password_hash, first_name, last_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
    [c.email, c.passwordHash, c.firstName, c.lastName, c.at, c.at],
  );
  return row?.id;
}

/** The sign-in row of an email. */
export async function customerAuthByEmail(db: Db, email: string): Promise<CustomerAuthRow | undefined> {
  return await db.get<CustomerAuthRow>('SELECT id, email, password_hash, first_name, email_verified FROM customers WHERE email = ?', [email]);
}

/** The sign-in row of a customer id. */
export async function customerAuthById(db: Db, customerId: number): Promise<CustomerAuthRow | undefined> {
  return await db.get<CustomerAuthRow>('SELECT id, email, password_hash, first_name, email_verified FROM customers WHERE id = ?', [customerId]);
}

/** Replaces a hash by a stronger one of the same password, unless it changed meanwhile. */
export async function upgradePasswordHash(db: Db, customerId: number, upgraded: string, previous: string): Promise<void> {
  await db.run('UPDATE customers SET password_hash = ? WHERE id = ? AND password_hash = ?', [upgraded, customerId, previous]);
}

/** Sets a new password hash. */
export async function setPasswordHash(db: Db, customerId: number, hash: string, at: string): Promise<void> {
  await db.run('UPDATE customers SET password_hash = ?, updated_at = ? WHERE id = ?', [hash, at, customerId]);
}

/**
 * Sets a new password through an emailed reset link, which also proves control of the sign-in
 * email (it is marked verified); only while the account still signs in with `email`.
 * @returns whether the account was changed
 */
export async function resetPassword(db: Db, customerId: number, email: string, hash: string, at: string): Promise<boolean> {
  return (await db.run('UPDATE customers SET password_hash = ?, email_verified = 1, updated_at = ? WHERE id = ? AND email = ?', [hash, at, customerId, email])).changes === 1;
}

/** The accounts (at most 5) whose verified recovery email is `email`. */
export async function customersByRecoveryEmail(db: Db, email: string): Promise<{ id: number; email: string; first_name: string }[]> {
  return await db.all<{ id: number; email: string; first_name: string }>(
    'SELECT id, email, first_name FROM customers WHERE recovery_email = ? AND recovery_email_verified = 1 ORDER BY id LIMIT 5',
    [email],
  );
}

/** What the verification email needs. */
export async function customerVerification(db: Db, customerId: number): Promise<{ email: string; first_name: string; email_verified: number } | undefined> {
  return await db.get<{ email: string; first_name: string; email_verified: number }>('SELECT email, first_name, email_verified FROM customers WHERE id = ?', [customerId]);
}

/** Marks the sign-in email verified, only while the account still signs in with `email`. */
export async function markEmailVerified(db: Db, customerId: number, email: string, at: string): Promise<boolean> {
  return (await db.run('UPDATE customers SET email_verified = 1, updated_at = ? WHERE id = ? AND email = ?', [at, customerId, email])).changes === 1;
}

/** A customer's profile row. */
export async function customerProfile(db: Db, customerId: number): Promise<CustomerProfileRow | undefined> {
  return await db.get<CustomerProfileRow>(
    'SELECT id, email, first_name, last_name, recovery_email, recovery_email_verified, email_verified FROM customers WHERE id = ?',
    [customerId],
  );
}

/** A customer's sign-in email, or undefined. */
export async function customerEmail(db: Db, customerId: number): Promise<string | undefined> {
  return (await db.get<{ email: string }>('SELECT email FROM customers WHERE id = ?', [customerId]))?.email;
}

/** The recovery-email columns of an account. */
export async function recoveryEmailOf(
  db: Db,
  customerId: number,
): Promise<{ email: string; first_name: string; recovery_email: string | null; recovery_email_verified: number } | undefined> {
  return await db.get<{ email: string; first_name: string; recovery_email: string | null; recovery_email_verified: number }>(
    'SELECT email, first_name, recovery_email, recovery_email_verified FROM customers WHERE id = ?',
    [customerId],
  );
}

/** Sets the recovery email; it starts unverified. */
export async function setRecoveryEmail(db: Db, customerId: number, recoveryEmail: string, at: string): Promise<void> {
  await db.run('UPDATE customers SET recovery_email = ?, recovery_email_verified = 0, updated_at = ? WHERE id = ?', [recoveryEmail, at, customerId]);
}

/** Marks the recovery email verified, only while it is still `recoveryEmail` (a changed one needs a new link). */
export async function confirmRecoveryEmail(db: Db, customerId: number, recoveryEmail: string, at: string): Promise<boolean> {
  return (await db.run('UPDATE customers SET recovery_email_verified = 1, updated_at = ? WHERE id = ? AND recovery_email = ?', [at, customerId, recoveryEmail])).changes === 1;
}

// ------------------------------------------------------------ one-time tokens

/** A stored one-time token. */
export interface AuthTokenRow {
  id: number;
  customer_id: number | null;
  email: string | null;
  expires_at: string;
  used_at: string | null;
}

/** Stores a one-time token's hash. */
export async function insertAuthToken(
  db: Db,
  t: { tokenHash: string; purpose: string; customerId: number | null; email: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db.run(
    'INSERT INTO auth_tokens (token_hash, purpose, customer_id, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    [t.tokenHash, t.purpose, t.customerId, t.email, t.createdAt, t.expiresAt],
  );
}

/** The token of a hash and purpose, or undefined. */
export async function findAuthToken(db: Db, tokenHash: string, purpose: string): Promise<AuthTokenRow | undefined> {
  return await db.get<AuthTokenRow>('SELECT id, customer_id, email, expires_at, used_at FROM auth_tokens WHERE token_hash = ? AND purpose = ?', [tokenHash, purpose]);
}

/**
 * Deletes every token of one purpose of an account, used or not: a password change, a completed
 * reset and a newer reset request end the reset links already mailed. Answers how many.
 */
export async function deleteAuthTokens(db: Db, customerId: number, purpose: string): Promise<number> {
  return (await db.run('DELETE FROM auth_tokens WHERE customer_id = ? AND purpose = ?', [customerId, purpose])).changes;
}

/** Marks a token used; false when another use came first. */
export async function markAuthTokenUsed(db: Db, tokenId: number, at: string): Promise<boolean> {
  return (await db.run('UPDATE auth_tokens SET used_at = ? WHERE id = ? AND used_at IS NULL', [at, tokenId])).changes === 1;
}
