/**
 * npm run bench:package: what the library package costs an integrator.
 *
 * 1. Packs the library (scripts/pack-lib.mjs into a temporary directory) and prints the tarball's
 *    size, its unpacked size, and the size of a new project's node_modules once it is installed
 *    with React (npm, from the local tarball and the npm cache), with and without React itself.
 * 2. Import costs, measured by a bundler (Vite's production build, minified, tree-shaken) on a
 *    one-line app that imports one thing from the installed package: the JavaScript of its first
 *    load (the entry chunk and its static imports), gzipped, and what loads later (lazy chunks).
 *    React and React DOM are left out (the app has them anyway). Each case also says whether the
 *    address libraries (libphonenumber-js, postcode-validator) ended up in the bundle.
 * 3. publint and @arethetypeswrong/cli (profile esm-only: node16 from ESM and bundler) on the tarball.
 *
 * Goals (issue 17): formatPrice alone <= 2 KB gzipped; no address library in any case that does
 * not import skimmer/domain/address. Figures only: nothing here fails a build.
 * @module
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repo = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; dependencies: Record<string, string> };

/** One import an integrator might write, and what it should cost. */
interface ImportCase {
  name: string;
  code: string;
  /** Gzipped first-load goal in bytes, when the issue sets one. */
  goal?: number;
  /** The address libraries are expected (the case names skimmer/domain/address). */
  address?: boolean;
}

const CASES: ImportCase[] = [
  { name: "formatPrice from 'skimmer/domain'", code: "import { formatPrice } from 'skimmer/domain';\nconsole.log(formatPrice(12.5));", goal: 2048 },
  { name: "all of 'skimmer/domain'", code: "import * as domain from 'skimmer/domain';\nconsole.log(domain);" },
  { name: "parseQuickOrderLine + resolvePart from 'skimmer/domain'", code: "import { parseQuickOrderLine, resolvePart } from 'skimmer/domain';\nconsole.log(parseQuickOrderLine, resolvePart);" },
  { name: "isValidPostalCode from 'skimmer/domain/address'", code: "import { isValidPostalCode } from 'skimmer/domain/address';\nconsole.log(isValidPostalCode('90210', 'US'));", address: true },
  { name: "createClient from 'skimmer/api'", code: "import { createClient } from 'skimmer/api';\nconsole.log(createClient({ baseUrl: '' }));" },
  { name: "cartMachine from 'skimmer/machines'", code: "import { cartMachine } from 'skimmer/machines';\nconsole.log(cartMachine);" },
  { name: "all of 'skimmer/machines'", code: "import * as machines from 'skimmer/machines';\nconsole.log(machines);" },
  { name: "SkimmerProvider + useCart from 'skimmer/hooks'", code: "import { SkimmerProvider, useCart } from 'skimmer/hooks';\nconsole.log(SkimmerProvider, useCart);" },
  { name: "SkimmerProvider + useSearchBox from 'skimmer/hooks'", code: "import { SkimmerProvider, useSearchBox } from 'skimmer/hooks';\nconsole.log(SkimmerProvider, useSearchBox);" },
  { name: "SkimmerProvider + useQuickOrder from 'skimmer/hooks'", code: "import { SkimmerProvider, useQuickOrder } from 'skimmer/hooks';\nconsole.log(SkimmerProvider, useQuickOrder);" },
  { name: "all of 'skimmer/hooks'", code: "import * as hooks from 'skimmer/hooks';\nconsole.log(hooks);" },
  { name: "useAddressBook from 'skimmer/hooks/address'", code: "import { useAddressBook } from 'skimmer/hooks/address';\nconsole.log(useAddressBook);", address: true },
  { name: "ProductCard from 'skimmer/ui'", code: "import { ProductCard } from 'skimmer/ui';\nconsole.log(ProductCard);" },
  { name: "all of 'skimmer/ui'", code: "import * as ui from 'skimmer/ui';\nconsole.log(ui);" },
];

const REACT = /^(react|react-dom|scheduler)(\/|$)/;
const ADDRESS = /node_modules[\\/](libphonenumber-js|postcode-validator)[\\/]/;

function run(cmd: string, args: string[], cwd: string, allowFail = false): { status: number | null; out: string } {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, npm_config_update_notifier: 'false' } });
  if (r.status !== 0 && !allowFail) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

function duBytes(path: string, skip: (name: string) => boolean = () => false): number {
  let total = 0;
  for (const name of readdirSync(path)) {
    if (skip(name)) continue;
    const p = join(path, name);
    const s = statSync(p);
    total += s.isDirectory() ? duBytes(p) : s.size;
  }
  return total;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  code?: string;
  isEntry?: boolean;
  imports?: string[];
  moduleIds?: string[];
  modules?: Record<string, unknown>;
}

async function importCost(app: string, c: ImportCase): Promise<{ first: number; later: number; address: boolean }> {
  writeFileSync(join(app, 'entry.js'), `${c.code}\n`);
  const result = await build({
    configFile: false,
    root: app,
    logLevel: 'silent',
    mode: 'production',
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      modulePreload: false,
      rolldownOptions: { input: join(app, 'entry.js'), external: (id: string) => REACT.test(id) },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as { output: ChunkLike[] }[];
  const chunks = outputs.flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  const byName = new Map(chunks.map((ch) => [ch.fileName, ch]));
  const first = new Set<string>();
  const visit = (name: string) => {
    if (first.has(name)) return;
    first.add(name);
    for (const dep of byName.get(name)?.imports ?? []) visit(dep);
  };
  for (const ch of chunks) if (ch.isEntry) visit(ch.fileName);
  let firstBytes = 0;
  let laterBytes = 0;
  let address = false;
  for (const ch of chunks) {
    const gz = gzipSync(ch.code ?? '', { level: 9 }).length;
    if (first.has(ch.fileName)) firstBytes += gz;
    else laterBytes += gz;
    const ids = ch.moduleIds ?? Object.keys(ch.modules ?? {});
    if (ids.some((id) => ADDRESS.test(id))) address = true;
  }
  return { first: firstBytes, later: laterBytes, address };
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'skimmer-bench-package-'));
  try {
    // 1. pack and install
    const built = join(work, 'build');
    run(process.execPath, [join(ROOT, 'scripts/pack-lib.mjs'), '--work', built, '--out', work], ROOT);
    const tarball = join(work, `skimmer-${repo.version}.tgz`);
    run('mkdir', ['-p', join(work, 'unpacked')], work);
    run('tar', ['xzf', tarball, '-C', join(work, 'unpacked')], work);
    const unpacked = duBytes(join(work, 'unpacked'));
    const app = join(work, 'app');
    run('mkdir', ['-p', app], work);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'bench-app', private: true, type: 'module' }));
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel', 'error', tarball, `react@${repo.dependencies.react}`, `react-dom@${repo.dependencies['react-dom']}`], app);
    const modules = join(app, 'node_modules');
    const installed = duBytes(modules, (n) => n === '.package-lock.json');
    const withoutReact = duBytes(modules, (n) => n === '.package-lock.json' || n === 'react' || n === 'react-dom' || n === 'scheduler');
    const packages = readdirSync(modules).filter((n) => !n.startsWith('.')).flatMap((n) => (n.startsWith('@') ? readdirSync(join(modules, n)).map((m) => `${n}/${m}`) : [n]));
    const biggest = packages
      .map((name) => ({ name, bytes: duBytes(join(modules, name)) }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 4);

    console.log(`skimmer ${repo.version} package (npm run pack:lib)`);
    console.log(`  tarball                          ${kb(statSync(tarball).size)}`);
    console.log(`  unpacked                         ${kb(unpacked)}`);
    console.log(`  installed with React             ${mb(installed)} in node_modules, ${packages.length} packages`);
    console.log(`  installed, React left out        ${mb(withoutReact)}`);
    console.log(`  largest                          ${biggest.map((b) => `${b.name} ${mb(b.bytes)}`).join(', ')}`);

    // 2. import costs
    console.log('\nimport costs (Vite production build, minified; gzipped; React and React DOM left out)');
    console.log(`  ${'import'.padEnd(58)} ${'first load'.padStart(10)} ${'later'.padStart(9)}  address libs  goal`);
    for (const c of CASES) {
      const cost = await importCost(app, c);
      const goal = c.goal === undefined ? '' : cost.first <= c.goal ? `<= ${kb(c.goal)}: met` : `<= ${kb(c.goal)}: MISSED`;
      const addressNote = cost.address ? (c.address ? 'yes (expected)' : 'YES (unexpected)') : 'no';
      console.log(`  ${c.name.padEnd(58)} ${kb(cost.first).padStart(10)} ${kb(cost.later).padStart(9)}  ${addressNote.padEnd(12)}  ${goal}`);
    }

    // 3. publint and attw
    const publint = run(process.execPath, [join(ROOT, 'node_modules/publint/src/cli.js'), tarball], work, true);
    const publintLines = publint.out.split('\n').filter((l) => l.trim() !== '' && !/^Running publint|^Unpacking|^Linting/.test(l));
    console.log(`\npublint: ${publint.status === 0 ? 'exit 0' : `exit ${publint.status}`}, ${publintLines.join(' / ')}`);
    const attwBin = join(ROOT, 'node_modules/@arethetypeswrong/cli/dist/index.js');
    const attwArgs = [attwBin, tarball, '--profile', 'esm-only', '--exclude-entrypoints', './ui/styles.css', '--format', 'json'];
    const attw = run(process.execPath, attwArgs, work, true);
    const report = JSON.parse(attw.out.slice(attw.out.indexOf('{'))) as { analysis: { problems: { kind: string; resolutionKind?: string; resolutionOption?: string; resolutionMode?: number }[]; entrypoints: Record<string, unknown> } };
    const esmProblems = report.analysis.problems.filter((p) => {
      if (p.resolutionKind) return p.resolutionKind === 'node16-esm' || p.resolutionKind === 'bundler';
      return p.resolutionMode !== 1;
    });
    console.log(
      `attw (profile esm-only, ${Object.keys(report.analysis.entrypoints).length} entry points, CSS excluded): exit ${attw.status}, ` +
        `${esmProblems.length} problems under node16 (ESM) and bundler` +
        (esmProblems.length ? ` (${[...new Set(esmProblems.map((p) => p.kind))].join(', ')})` : '') +
        '; node10 and require() from CommonJS are not supported (an ESM-only package)',
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
