// Enforces the one-way layer rule of DESIGN.md:
//   domain <- api <- machines <- hooks <- ui <- app; server imports domain (and api types) only.
// Run as a script (`npm run lint`) or import `checkLayers` (test/layers.test.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const LAYERS = ['domain', 'api', 'machines', 'hooks', 'ui', 'app'];

/** Packages each layer may import, besides the layers below it. */
const ALLOWED_PACKAGES = {
  domain: ['libphonenumber-js', 'postcode-validator'],
  api: ['ky'],
  machines: ['xstate'],
  hooks: ['react', 'xstate', '@xstate/react', 'socket.io-client', 'ky', '@tanstack/query-core'],
  ui: ['react', 'react-dom', '@xstate/react', 'xstate'],
  app: null, // anything
  server: null, // anything but React; checked below
};

/** Globals a layer must not touch (browser, clock, network). */
const FORBIDDEN_GLOBALS = {
  domain: /\b(window|document|navigator|localStorage|sessionStorage|fetch|setTimeout|setInterval|Date\.now|new Date\(\)|performance\.now|process\.|require\()/,
  machines: /\b(window\.|document\.|localStorage|sessionStorage|fetch\(|navigator\.)/,
};

const IMPORT_RE = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function packageName(spec) {
  if (spec.startsWith('node:')) return spec;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function stripComments(source) {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/**
 * Checks one file's source against the rule for its layer.
 * @param {string} layer layer of the file (domain, api, ...), or 'domain/testing'
 * @param {string} file path inside src, for messages and relative resolution
 * @param {string} source file text
 * @returns {string[]} violations
 */
export function checkSource(layer, file, source) {
  const problems = [];
  const code = stripComments(source);
  const testing = layer === 'domain/testing';
  const base = testing ? 'domain' : layer;
  for (const m of code.matchAll(IMPORT_RE)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (!spec) continue;
    if (spec.startsWith('.')) {
      const target = join(dirname(file), spec).split(sep).join('/');
      const targetLayer = target.split('/')[0];
      if (base === 'server') {
        if (!['server', 'domain', 'api'].includes(targetLayer)) problems.push(`${file}: server imports ${targetLayer} (${spec})`);
        continue;
      }
      if (targetLayer === 'server') { problems.push(`${file}: imports the server (${spec})`); continue; }
      const from = LAYERS.indexOf(base);
      const to = LAYERS.indexOf(targetLayer);
      if (to > from) problems.push(`${file}: ${base} imports ${targetLayer}, a layer above it (${spec})`);
      if (!testing && base === 'domain' && target.startsWith('domain/testing')) problems.push(`${file}: domain imports its testing arbitraries (${spec})`);
      continue;
    }
    const pkg = packageName(spec);
    if (base === 'server') {
      if (['react', 'react-dom', 'xstate', '@xstate/react'].includes(pkg)) problems.push(`${file}: server imports ${pkg}`);
      continue;
    }
    const allowed = ALLOWED_PACKAGES[base];
    if (allowed === null) continue;
    const ok = allowed.includes(pkg) || (testing && pkg === 'fast-check');
    if (!ok) problems.push(`${file}: ${layer} may not import ${pkg}`);
  }
  const forbidden = FORBIDDEN_GLOBALS[base];
  if (forbidden) {
    const m = code.match(forbidden);
    if (m) problems.push(`${file}: ${layer} touches ${m[1]}`);
  }
  return problems;
}

/** The source files (.ts, .tsx, .mts; no .d.ts) under `dir`, recursively. */
export function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Checks every file under `srcDir`; returns the violations. */
export function checkLayers(srcDir) {
  const problems = [];
  for (const path of walk(srcDir)) {
    const file = relative(srcDir, path).split(sep).join('/');
    const top = file.split('/')[0];
    const layer = file.startsWith('domain/testing/') ? 'domain/testing' : top;
    if (!LAYERS.includes(top) && top !== 'server') continue;
    problems.push(...checkSource(layer, file, readFileSync(path, 'utf8')));
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const src = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src');
  const problems = checkLayers(src);
  if (problems.length) {
    console.error('Layer rule violations (see DESIGN.md):\n' + problems.map((p) => '  ' + p).join('\n'));
    process.exit(1);
  }
  console.log('layers: ok');
}
