/**
 * Starts the real server (`src/server/main.ts`, what `npm start` runs) as a child process on a
 * free port and waits until it answers: used by the browser project's globalSetup and by the
 * hooks' integration test (which must not host the server inside its jsdom realm, where jsdom's
 * typed arrays stand in for Node's and byte answers are not sent as bytes).
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const START_TIMEOUT_MS = 120_000;

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The store server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/products/filter?limit=1`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The store server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/** A running store process. */
export interface StoreProcess {
  /** http://127.0.0.1:{port} */
  url: string;
  port: number;
  /** The last 20,000 characters the server printed. */
  output(): string;
  /** SIGTERM (SIGKILL after 10 s) and wait for the exit. */
  stop(): Promise<void>;
}

/**
 * Spawns the server with `env` (PORT is set here) in `cwd` (main.ts serves `{cwd}/dist/web`).
 * @example const store = await startStoreProcess({ cwd: work, env: { ...process.env, DATA_DIR: join(work, 'data') } });
 */
export async function startStoreProcess({ cwd, env, echo = false }: { cwd: string; env: NodeJS.ProcessEnv; echo?: boolean }): Promise<StoreProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href, join(ROOT, 'src/server/main.ts')], {
    cwd,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (echo) child.stdout?.pipe(process.stdout);
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  try {
    await waitUntilUp(url, child, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, port, output: () => output, stop };
}
