#!/usr/bin/env node
/**
 * Builds the library (skimmer/domain, /domain/address, /domain/testing, /api, /machines, /hooks,
 * /ui) and packs it into `dist/skimmer-<version>.tgz`.
 *
 *   node scripts/pack-lib.mjs            # npm run pack:lib: build, stage, pack; prints the tarball path
 *   node scripts/pack-lib.mjs --build    # npm run build: only dist/lib, dist/types, ui styles.css
 *   node scripts/pack-lib.mjs --out DIR  # write the tarball into DIR instead of dist/
 *   node scripts/pack-lib.mjs --work DIR # build into DIR/lib, DIR/types instead of dist/ (tests: no
 *                                        # clash with a build of the repository's dist/)
 *
 * Why a staged package rather than `npm pack` of the repository: the repository's package.json is
 * the storefront's and the server's (Fastify, better-sqlite3, sharp, three ...). The tarball's
 * package.json is generated here with only what the built library imports: every bare import of
 * dist/lib becomes a dependency at the repository's range, except React and React DOM (peers), and
 * fast-check and the 3D viewer (optional peers). An import that the repository does not declare
 * fails the pack rather than shipping a package that cannot install.
 *
 * The views' stylesheets: in the sources each view imports its CSS (the storefront's Vite build
 * bundles it). In the package the views' JavaScript carries no CSS import, so every entry loads
 * in Node and in any bundler, and the CSS is one file, `skimmer/ui/styles.css`, that the app
 * imports once. The package declares CSS files as side effects so a bundler keeps that import.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const buildOnly = args.includes('--build');
const outArg = args.indexOf('--out');
const outDir = outArg >= 0 ? resolve(args[outArg + 1] ?? 'dist') : join(ROOT, 'dist');
const workArg = args.indexOf('--work');
const DIST = workArg >= 0 ? resolve(args[workArg + 1] ?? 'dist') : join(ROOT, 'dist');

/** Peers: the integrator's app owns one copy of React; the others only some integrators need. */
const PEERS = {
  react: { range: '^19.0.0' },
  'react-dom': { range: '^19.0.0' },
  'fast-check': { range: '^4.0.0', optional: true },
  '@google/model-viewer': { range: '^4.0.0', optional: true },
};

/** Stylesheets of the views, in cascade order (global first: the theme's custom properties). */
const STYLES = [
  'ui/styles/global.css',
  'ui/catalog/catalog.css',
  'ui/product/product.css',
  'ui/account/account.css',
  'ui/orders/orders.css',
  'ui/wallet/wallet.css',
  'ui/content/content.css',
  'ui/equipment/equipment.css',
  'ui/product/replaced-part.css',
  'ui/shipping/shipping.css',
];

function run(cmd, cmdArgs, cwd = ROOT) {
  const r = spawnSync(cmd, cmdArgs, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) {
    process.stderr.write(`${r.stdout}\n${r.stderr}`);
    throw new Error(`${cmd} ${cmdArgs.join(' ')} failed with status ${r.status}`);
  }
  return r.stdout;
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** The CSS of one file with its relative `@import`s inlined once (orders and wallet share a sheet). */
function inlineCss(file, seen) {
  if (seen.has(file)) return '';
  seen.add(file);
  const css = readFileSync(file, 'utf8');
  return css.replace(/^@import\s+['"](\.[^'"]+)['"]\s*;\s*$/gm, (_m, spec) => inlineCss(resolve(dirname(file), spec), seen));
}

function build() {
  const lib = join(DIST, 'lib');
  const types = join(DIST, 'types');
  rmSync(lib, { recursive: true, force: true });
  rmSync(types, { recursive: true, force: true });
  // no source maps in the package: they point at src/, which is not shipped
  run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--sourceMap', 'false', '--declarationMap', 'false', '--outDir', lib, '--declarationDir', types]);

  for (const file of walk(lib)) {
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(file, 'utf8');
    // the stylesheet imports of the views (see the module notes): styles.css carries them all
    const stripped = code.replace(/^import\s+['"][^'"]+\.css['"];\s*$/gm, '');
    if (stripped !== code) writeFileSync(file, stripped);
  }
  for (const file of walk(types)) {
    if (!file.endsWith('.d.ts')) continue;
    const code = readFileSync(file, 'utf8');
    // tsc keeps the sources' '.ts'/'.tsx' specifiers in declarations; node16 resolution wants '.js'
    // and the views' stylesheet imports go, as in the JavaScript
    const fixed = code
      .replace(/(['"])(\.\.?\/[^'"]*?)\.tsx?\1/g, '$1$2.js$1')
      .replace(/^import\s+['"][^'"]+\.css['"];\s*$/gm, '');
    if (fixed !== code) writeFileSync(file, fixed);
  }
  const seen = new Set();
  const css = STYLES.map((f) => `/* ${f} */\n${inlineCss(join(ROOT, 'src', f), seen)}`).join('\n');
  const missing = [...walk(join(ROOT, 'src/ui'))].filter((f) => f.endsWith('.css') && !seen.has(f));
  if (missing.length) throw new Error(`stylesheets not in styles.css: ${missing.map((f) => relative(ROOT, f)).join(', ')}`);
  writeFileSync(join(lib, 'ui/styles.css'), css);
}

/** Bare imports of the built JavaScript, as package names. */
function importedPackages() {
  const names = new Set();
  for (const file of walk(join(DIST, 'lib'))) {
    if (!file.endsWith('.js')) continue;
    // JSDoc examples name imports too: only code counts
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    // `from` as a keyword, not the word inside a string (`['from', 'to']`)
    for (const m of code.matchAll(/(?:(?<!['"\w$.])from\s*|\bimport\s*\(\s*|^import\s+)['"]([^'".][^'"]*)['"]/gm)) {
      const spec = m[1];
      if (spec.startsWith('node:')) throw new Error(`${relative(ROOT, file)} imports ${spec}: the library must not use Node`);
      names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
    }
  }
  return names;
}

/** The package.json of the tarball, from the repository's. */
function packageJson() {
  const repo = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const ranges = { ...repo.devDependencies, ...repo.dependencies };
  const dependencies = {};
  for (const name of [...importedPackages()].sort()) {
    if (name in PEERS) continue;
    if (!ranges[name]) throw new Error(`the library imports ${name}, which package.json does not declare`);
    dependencies[name] = ranges[name];
  }
  const peerDependencies = Object.fromEntries(Object.entries(PEERS).map(([n, p]) => [n, p.range]));
  const peerDependenciesMeta = Object.fromEntries(
    Object.entries(PEERS).filter(([, p]) => p.optional).map(([n]) => [n, { optional: true }]),
  );
  return {
    name: repo.name,
    version: repo.version,
    description: 'Headless storefront kit for pool and spa parts: a framework-agnostic domain core, XState machines, React hooks and views.',
    keywords: ['storefront', 'headless', 'react', 'hooks', 'xstate', 'e-commerce'],
    license: repo.license,
    type: 'module',
    engines: repo.engines,
    sideEffects: repo.sideEffects,
    files: ['dist'],
    exports: repo.exports,
    dependencies,
    peerDependencies,
    peerDependenciesMeta,
  };
}

build();
if (!buildOnly) {
  const stage = join(DIST, 'package');
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(join(stage, 'dist'), { recursive: true });
  cpSync(join(DIST, 'lib'), join(stage, 'dist/lib'), { recursive: true });
  cpSync(join(DIST, 'types'), join(stage, 'dist/types'), { recursive: true });
  cpSync(join(ROOT, 'README.md'), join(stage, 'README.md'));
  if (existsSync(join(ROOT, 'LICENSE'))) cpSync(join(ROOT, 'LICENSE'), join(stage, 'LICENSE'));
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(packageJson(), null, 2)}\n`);
  mkdirSync(outDir, { recursive: true });
  const out = run('npm', ['pack', '--json', '--pack-destination', outDir], stage);
  const [info] = JSON.parse(out.slice(out.indexOf('[')));
  rmSync(stage, { recursive: true, force: true });
  process.stdout.write(`${join(outDir, info.filename)}\n`);
}
