/**
 * Fixtures of the operators' tests: an app over a small seeded store with ADMIN_TOKEN (the
 * bootstrap credential that makes the first operators), cheap scrypt, and operators of each role
 * made through the API itself (create, set the password with the link, sign in).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../src/server/app.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import type { OperatorRole } from '../../../../src/server/platform/http/operator-access.ts';
import { TEST_SCRYPT } from '../accounts/account.helpers.ts';
import { commerceDb } from '../checkout/cart.helpers.ts';

/** The bootstrap token of the tests' store. */
export const BOOT = 'admin-tests-bootstrap-token';
/** The bootstrap bearer header. */
export const bootstrap = { authorization: `Bearer ${BOOT}` };
/** The password every test operator sets. */
export const PASSWORD = 'pool pump impeller 42';

/** An app over a seeded store; its sign-in pacing never sleeps (the waits are recorded). */
export async function adminApp(): Promise<{ app: FastifyInstance; db: Db; waits: number[] }> {
  const db = await commerceDb(20);
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-admin-'));
  const app = await buildApp({ db, dataDir, webDir: join(dataDir, 'no-web'), operators: { token: BOOT, allowedHosts: [], allowedOrigins: [] } });
  app.accounts.scrypt = TEST_SCRYPT;
  const waits: number[] = [];
  app.accounts.sleep = async (ms) => {
    waits.push(ms);
  };
  return { app, db, waits };
}

/** A signed-in operator. */
export interface SignedInOperator {
  id: number;
  email: string;
  cookie: string;
  csrf: string;
  setCookie: string[];
}

let seq = 0;

/** The session cookie of a sign-in's answer, as a Cookie header. */
export function cookieOf(setCookie: string[]): string {
  const first = setCookie.find((c) => c.startsWith('skimmer_op='));
  if (!first) throw new Error('no operator cookie');
  return first.split(';')[0]!;
}

/** Makes an operator with ADMIN_TOKEN, sets the password by the link and signs in. */
export async function signedInOperator(app: FastifyInstance, role: OperatorRole): Promise<SignedInOperator> {
  const email = `${role}${++seq}@shop.example`;
  const made = await app.inject({ method: 'POST', url: '/api/admin/operators', headers: { ...bootstrap, 'content-type': 'application/json' }, payload: { email, name: `${role} ${seq}`, role } });
  if (made.statusCode !== 200) throw new Error(`create: ${made.statusCode} ${made.body}`);
  const token = new URL(made.json().link).searchParams.get('token')!;
  const set = await app.inject({ method: 'POST', url: '/api/admin/password', headers: { 'content-type': 'application/json' }, payload: { token, password: PASSWORD } });
  if (set.statusCode !== 200) throw new Error(`password: ${set.statusCode} ${set.body}`);
  const res = await app.inject({ method: 'POST', url: '/api/admin/session', headers: { 'content-type': 'application/json' }, payload: { email, password: PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`sign-in: ${res.statusCode} ${res.body}`);
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] as string[] | string);
  return { id: made.json().operator.id, email, cookie: cookieOf(setCookie), csrf: res.json().csrfToken, setCookie };
}

/** JSON headers of an operator session's write. */
export function sessionHeaders(op: SignedInOperator): Record<string, string> {
  return { cookie: op.cookie, 'x-csrf-token': op.csrf, 'content-type': 'application/json' };
}
