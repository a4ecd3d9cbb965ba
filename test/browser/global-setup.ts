/**
 * Vitest globalSetup of the `browser` project: builds the production storefront, seeds a small
 * deterministic store in a temporary data directory and starts the real server (`src/server/main.ts`,
 * what `npm start` runs) on a free port, then `provide('storeUrl', url)` for the test files.
 *
 * - The storefront is built with `vite build` (and its server entry with `vite build --ssr`) into the temporary directory, not into
 *   `dist/web`: a rebuild of `dist/web` by `npm start` or another test run cannot pull the assets
 *   from under a running test, and the build is never stale.
 * - The server starts with that directory as its working directory (main.ts serves
 *   `{cwd}/dist/web`), `DATA_DIR` in it, `SEED_PRODUCTS` 300 and `SEED` 1: a first start seeds the
 *   catalogue, the content and the demo customer (demo@skimmer.test), like `npm start`.
 * - The store's mail is read the way operators read it (GET /api/admin/mail): the first start of
 *   the fresh store prints its first owner's one-time set-password link (first-owner.ts); this
 *   setup follows it, signs the owner in, makes an API token with the `customers` scope and
 *   `provide('operatorToken', token)` for harness.mailbox(). No RECAPTCHA_SECRET keeps the dev
 *   captcha; `NODE_ENV` is 'test'.
 * - It listens on all interfaces so every test file can use its own loopback address (127.0.0.N,
 *   see `storeUrl()` in harness.ts): the per-IP rate limits of sign-up and newsletter then apply per file.
 * @module
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStoreProcess, type StoreProcess } from '../support/store-process.ts';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the store under test, e.g. 'http://127.0.0.1:41234'. */
    storeUrl: string;
    /** An operators' API token with the `customers` scope (harness.mailbox() reads the store's mail with it). */
    operatorToken: string;
  }
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Products of the test catalogue (same generator and seed as `npm run seed`). */
export const TEST_PRODUCTS = 300;
/** Generator seed of the test catalogue. */
export const TEST_SEED = 1;

/**
 * The server's environment: the caller's, without settings that would reach outside the machine.
 * PUBLIC_URL stays unset: the checkout's webUrl then takes the request's own origin (the test
 * file's loopback address), and harness.mailbox() moves the email links (http://localhost:PORT)
 * to that origin too.
 */
function serverEnv(work: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // the embedded database (DATABASE_URL or REDIS_URL would make it a production start)
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'RECAPTCHA_SECRET', 'ADMIN_TOKEN', 'ADMIN_EMAIL', 'ALLOWED_ORIGINS', 'PUBLIC_LINK_BASE', 'MAILBOX', 'SESSION_SECURE', 'PUBLIC_URL']) delete env[name];
  return {
    ...env,
    NODE_ENV: 'test',
    HOST: '0.0.0.0',
    DATA_DIR: join(work, 'data'),
    DATABASE_PATH: join(work, 'data', 'skimmer.db'),
    SEED_PRODUCTS: String(TEST_PRODUCTS),
    SEED: String(TEST_SEED),
    LOG_LEVEL: process.env.STORE_LOG_LEVEL ?? 'warn',
    // every page of the suite is a shopper of its own (harness.ts newPage sends an X-Forwarded-For
    // of its own), so the per-address limits (registrations, newsletter) count per test as they
    // count per shopper, not for the whole suite at once from 127.0.0.1
    TRUST_PROXY: '127.0.0.1,::1',
  };
}

/** Builds, seeds and starts the store; returns the teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const work = mkdtempSync(join(tmpdir(), 'skimmer-browser-'));
  const webDir = join(work, 'dist', 'web');
  mkdirSync(webDir, { recursive: true });
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    encoding: 'utf8',
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) {
    rmSync(work, { recursive: true, force: true });
    throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  }
  // the server entry beside it (dist/server/entry-server.js): the store renders every page with it
  const serverBuild = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--ssr', 'src/app/entry-server.tsx', '--outDir', join(work, 'dist', 'server'), '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (serverBuild.status !== 0) {
    rmSync(work, { recursive: true, force: true });
    throw new Error(`vite build --ssr failed:\n${serverBuild.stdout}\n${serverBuild.stderr}`);
  }
  // the back office (admin.html, src/admin) beside the storefront: its own build (vite.admin.config.ts)
  const adminBuild = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.admin.config.ts', '--outDir', webDir, '--logLevel', 'warn'], {
    cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' },
  });
  if (adminBuild.status !== 0) {
    rmSync(work, { recursive: true, force: true });
    throw new Error(`vite build of the back office failed:\n${adminBuild.stdout}\n${adminBuild.stderr}`);
  }
  // and its server entry (dist/server/admin-entry.js): the store renders every /admin page with it
  const adminServerBuild = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.admin.config.ts', '--ssr', 'src/admin/entry-server.tsx', '--outDir', join(work, 'dist', 'server'), '--logLevel', 'warn'],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (adminServerBuild.status !== 0) {
    rmSync(work, { recursive: true, force: true });
    throw new Error(`vite build --ssr of the back office failed:\n${adminServerBuild.stdout}\n${adminServerBuild.stderr}`);
  }

  let store: StoreProcess;
  try {
    store = await startStoreProcess({ cwd: work, env: serverEnv(work), echo: Boolean(process.env.STORE_LOG_LEVEL) });
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
  const url = store.url;
  const stop = async (): Promise<void> => {
    await store.stop();
    rmSync(work, { recursive: true, force: true });
  };
  let operatorToken: string;
  try {
    operatorToken = await mailReaderToken(url, store.output());
  } catch (err) {
    await stop();
    throw err;
  }
  project.provide('storeUrl', url);
  project.provide('operatorToken', operatorToken);
  return stop;
}

/** The first owner's password in the test store (the back office's browser tests sign in with it). */
export const OWNER_PASSWORD = 'browser tests own this pool store';

/**
 * Follows the first owner's link the fresh store printed, signs the owner in and makes an API
 * token with the `customers` scope (the store's mail); answers its value.
 */
async function mailReaderToken(url: string, output: string): Promise<string> {
  const link = /\/admin\/set-password\?token=([A-Za-z0-9_-]+)/.exec(output)?.[1];
  const email = /made its first owner, (\S+?)\.\n/.exec(output)?.[1];
  if (!link || !email) throw new Error(`The store printed no first owner's link:\n${output}`);
  const json = { 'content-type': 'application/json' };
  const set = await fetch(`${url}/api/admin/password`, { method: 'POST', headers: json, body: JSON.stringify({ token: link, password: OWNER_PASSWORD }) });
  if (!set.ok) throw new Error(`POST /api/admin/password answered ${set.status}: ${await set.text()}`);
  const signIn = await fetch(`${url}/api/admin/session`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: OWNER_PASSWORD }) });
  if (!signIn.ok) throw new Error(`POST /api/admin/session answered ${signIn.status}: ${await signIn.text()}`);
  const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('skimmer_op='))?.split(';')[0] ?? '';
  const { csrfToken } = (await signIn.json()) as { csrfToken: string };
  const made = await fetch(`${url}/api/admin/tokens`, {
    method: 'POST', headers: { ...json, cookie, 'x-csrf-token': csrfToken }, body: JSON.stringify({ name: 'browser tests: mail reader', scopes: ['customers'] }),
  });
  if (!made.ok) throw new Error(`POST /api/admin/tokens answered ${made.status}: ${await made.text()}`);
  return ((await made.json()) as { token: string }).token;
}
