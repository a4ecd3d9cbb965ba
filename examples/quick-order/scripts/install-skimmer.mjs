#!/usr/bin/env node
/**
 * Installs the packed skimmer library into this example's node_modules, as an integrator's app
 * would have it: `npm install` of the tarball (its dependencies and React come from the npm cache
 * when they are there).
 *
 *   node scripts/install-skimmer.mjs                   # packs the repository (npm run pack:lib) first
 *   node scripts/install-skimmer.mjs --tarball FILE    # installs a tarball packed already
 *
 * The example never imports ../../src: Vite resolves `skimmer/*` through node_modules/skimmer's
 * package.json exports, like any dependency.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPO = resolve(HERE, '../..');
const args = process.argv.slice(2);
const at = args.indexOf('--tarball');

function run(cmd, cmdArgs, cwd) {
  const r = spawnSync(cmd, cmdArgs, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? '');
    process.exit(r.status ?? 1);
  }
  return r.stdout;
}

const tarball = at >= 0 ? resolve(args[at + 1]) : run(process.execPath, [join(REPO, 'scripts/pack-lib.mjs')], REPO).trim().split('\n').at(-1);
run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-save', '--no-package-lock', '--loglevel', 'error', tarball], HERE);
process.stdout.write(`installed ${tarball} into ${join(HERE, 'node_modules/skimmer')}\n`);
