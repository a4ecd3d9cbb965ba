/**
 * Fixtures of the account tests: a migrated in-memory database with a few countries and states,
 * an app with the session and accounts plugins (cheap scrypt, dev captcha, mail kept in the
 * outbox), and helpers to register, sign in and read the links mailed to an address.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions, type LightMyRequestResponse } from 'fastify';
import { strictSchemaController } from '../../../../src/server/platform/http/validation.ts';
import { accountsPlugin, type AccountsPluginOptions } from '../../../../src/server/modules/accounts/plugin.ts';
import { SESSION_COOKIE, sessionPlugin } from '../../../../src/server/modules/accounts/session.ts';
import { DevCaptcha } from '../../../../src/server/modules/captcha/verifier.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { openTestDb } from '../../db.helpers.ts';
import { migrate } from '../../../../src/server/platform/db/migrate.ts';
import { installErrorHandler } from '../../../../src/server/platform/http/errors.ts';
import { sharedSchemas } from '../../../../src/server/modules/catalogue/schemas.ts';

/** A cheap scrypt cost for tests (the production cost is tested once, in auth-password). */
export const TEST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
export const PASSWORD = 'pool-pump-primer-42';

/** A migrated database with US (WA, CA) and GB (no states). */
export async function accountDb(): Promise<Db> {
  const db = await openTestDb();
  await migrate(db);
  await db.run("INSERT INTO countries (country_code, title, position) VALUES ('US', 'United States', 0), ('GB', 'United Kingdom', 1)");
  await db.run("INSERT INTO states (country_code, state_code, title) VALUES ('US', 'WA', 'Washington'), ('US', 'CA', 'California')");
  return db;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  captcha: DevCaptcha;
}

/** An app over a fresh account database. */
export async function accountApp(
  options: Partial<AccountsPluginOptions> = {},
  server: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<TestApp> {
  const db = await accountDb();
  const captcha = new DevCaptcha('test-secret');
  // the store's schema controller, as buildApp's (strict input; each schema compiled once a process)
  const app = Fastify({ schemaController: strictSchemaController(), ...(server.logger ? { logger: server.logger } : {}) });
  for (const schema of sharedSchemas) app.addSchema(schema);
  installErrorHandler(app);
  await app.register(sessionPlugin, { db });
  await app.register(accountsPlugin, { db, captcha, scrypt: TEST_SCRYPT, emailTransport: null, publicUrl: 'http://shop.test', ...options });
  await app.ready();
  return { app, db, captcha };
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  const found = list.map(String).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!found) throw new Error('no session cookie');
  return found.split(';')[0] ?? '';
}

/** A JSON call. */
export function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  return app.inject({
    method,
    url,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
}

/**
 * The newest token of an emailed link (`?token=`) sent to `to`. Mail that a queued job decides
 * (registration, reset, recovery) is composed by the worker the route starts after answering:
 * this waits (up to 5 s) until no job to `to` is left.
 */
export async function lastLinkToken(db: Db, to: string): Promise<string> {
  const deadline = Date.now() + 5000;
  while ((await db.get('SELECT id FROM email_outbox WHERE to_address = ? AND job IS NOT NULL', [to])) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const row = await db.get<{ text_body: string }>('SELECT text_body FROM email_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1', [to]);
  const m = /\?token=([A-Za-z0-9_%.-]+)/.exec(row?.text_body ?? '');
  if (!m?.[1]) throw new Error(`no link mailed to ${to}`);
  return decodeURIComponent(m[1]);
}

/** Registers and signs in; answers the customer id and the session cookie. */
export async function signedIn(app: FastifyInstance, email: string, firstName = 'Ann'): Promise<{ id: number; cookie: string }> {
  const reg = await call(app, 'POST', '/api/auth/register', { body: { email, password: PASSWORD, firstName, lastName: 'Swimmer' } });
  if (reg.statusCode !== 200) throw new Error(`register failed: ${reg.body}`);
  const res = await call(app, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { id: res.json().user.id as number, cookie: sessionCookieOf(res) };
}

/** A valid US address body. */
export const US_ADDRESS = {
  firstName: 'Ann', lastName: 'Swimmer', address1: '1200 Lakeview Ave', city: 'Seattle', zip: '98101',
  phone: '(206) 555-0123', countryCode: 'US', stateCode: 'WA',
};
