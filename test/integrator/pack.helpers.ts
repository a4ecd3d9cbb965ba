/**
 * The packed library for the integrator and quick-order tests: `scripts/pack-lib.mjs` run once per
 * state of the sources, whatever the number of test files (and Vitest workers) that need it.
 *
 * The tarball lives in the system's temporary directory under a hash of everything the package is
 * built from (the library's sources, package.json, tsconfig files, the pack script), so a second
 * run on unchanged sources reuses it, and a change packs again. A directory lock keeps two workers
 * from packing at once; the build goes to its own directory (`--work`), never to the repository's
 * dist/.
 * @module
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const INPUTS = ['src/domain', 'src/api', 'src/machines', 'src/hooks', 'src/ui', 'package.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts/pack-lib.mjs', 'README.md'];

function* files(path: string): Generator<string> {
  if (statSync(path).isDirectory()) for (const name of readdirSync(path).sort()) yield* files(join(path, name));
  else yield path;
}

/** A hash of what the package is built from. */
export function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(join(ROOT, input))) {
      hash.update(file.slice(ROOT.length));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The path of the packed tarball for the current sources, packing it first when needed.
 * @throws when the pack fails (with its output), or when another worker's pack takes over 5 minutes
 */
export async function packedTarball(): Promise<string> {
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const dir = join(tmpdir(), `skimmer-pack-${sourcesHash()}`);
  const tarball = join(dir, `skimmer-${version}.tgz`);
  const lock = `${dir}.lock`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (existsSync(tarball)) return tarball;
    try {
      mkdirSync(lock);
    } catch {
      // another worker is packing: wait for its tarball (or for a lock left by a killed run)
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}`);
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 240_000) rmSync(lock, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      if (existsSync(tarball)) return tarball;
      const work = `${dir}.work`;
      rmSync(work, { recursive: true, force: true });
      const r = spawnSync(process.execPath, [join(ROOT, 'scripts/pack-lib.mjs'), '--work', work, '--out', work], { cwd: ROOT, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`pack-lib failed:\n${r.stdout}\n${r.stderr}`);
      // publish the finished tarball in one rename, so a reader never sees half of it
      mkdirSync(dir, { recursive: true });
      renameSync(join(work, `skimmer-${version}.tgz`), tarball);
      rmSync(work, { recursive: true, force: true });
      return tarball;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * `npm install` in `dir` from the local tarball and the npm cache (React and the library's
 * dependencies are there since the repository's own install).
 */
export function npmInstall(dir: string, specs: string[]): void {
  const r = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel', 'error', ...specs], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  if (r.status !== 0) throw new Error(`npm install failed in ${dir}:\n${r.stdout}\n${r.stderr}`);
}
