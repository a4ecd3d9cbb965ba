#!/usr/bin/env node
/**
 * The client-side figures of "the house" (one machine shape, one read hook, one hook a file),
 * counted from the source so anyone can rerun them: `node scripts/house-figures.mjs`.
 * - machine hooks: the hook files that run a machine of src/machines (useActorRef, or a shared
 *   adapter), how many read through a connect function, how many select the whole snapshot;
 * - machine files (src/machines) over 300 lines, hook files (src/hooks/**\/use*.ts[x]) over 80;
 * - files in src/hooks exporting two hooks or more;
 * - whether a test shows a cache write re-rendering its readers.
 * Prints one line per figure; `--json` prints them as JSON.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
const lines = (path) => readFileSync(path, 'utf8').split('\n').length - (readFileSync(path, 'utf8').endsWith('\n') ? 1 : 0);
const rel = (path) => relative(root, path);

const machineFiles = walk(join(root, 'src/machines')).filter((f) => /\.tsx?$/.test(f));
const machines = machineFiles.filter((f) => f.endsWith('.machine.ts')).map((f) => f.split('/').pop().replace('.machine.ts', ''));
const hookFiles = walk(join(root, 'src/hooks')).filter((f) => /\.tsx?$/.test(f));
const hookSources = hookFiles.map((f) => [f, readFileSync(f, 'utf8')]);

// each machine's hook (the hook named after it), and whether it reads through the machine's connect
const hookOf = (machine) =>
  ({ 'address-create': 'useNewAddress', 'collection-listing': 'useCollection', 'admin-import': 'useAdminImportJob' })[machine] ??
  `use${machine.replace(/(^|-)(\w)/g, (_, _dash, letter) => letter.toUpperCase())}`;
const machineHooks = machines.map((m) => {
  const hook = hookFiles.find((f) => f.endsWith(`/${hookOf(m)}.ts`));
  return [hook ? rel(hook) : `${hookOf(m)} (missing)`, hook ? readFileSync(hook, 'utf8') : '', m];
});
const viaConnect = machineHooks.filter(([, src, m]) => machineFiles.some((f) => f.endsWith(`/${m}.connect.ts`)) && src.includes(`machines/${m}.connect.ts'`));
const wholeSnapshot = hookSources.filter(([, src]) => /useSelector\([^,]+,\s*\(?(\w+)\)?\s*=>\s*\1\s*[),]/.test(src));
const machineOver = machineFiles.filter((f) => lines(f) > 300);
const hookOver = hookFiles.filter((f) => /\/use[A-Z]\w*\.tsx?$/.test(f) && lines(f) > 80);
const twoHooks = hookSources.filter(([, src]) => (src.match(/^export (?:function|const) use[A-Z]/gm) ?? []).length > 1);
const machinesWithConnect = machines.filter((m) => machineFiles.some((f) => f.endsWith(`/${m}.connect.ts`)));
const machinesWithTypes = machines.filter((m) => machineFiles.some((f) => f.endsWith(`/${m}.types.ts`)));
const tests = walk(join(root, 'test/hooks')).map((f) => readFileSync(f, 'utf8'));
const cacheWriteTest = tests.some((src) => /re-renders? (its|the) readers/.test(src));

const figures = {
  machines: machines.length,
  machinesWithConnect: machinesWithConnect.length,
  machinesWithTypes: machinesWithTypes.length,
  machineHooks: machineHooks.length,
  machineHooksViaConnect: viaConnect.length,
  hooksSelectingWholeSnapshot: wholeSnapshot.map(([f]) => rel(f)),
  machineFilesOver300: machineOver.map((f) => `${rel(f)} (${lines(f)})`),
  hookFilesOver80: hookOver.map((f) => `${rel(f)} (${lines(f)})`),
  hookFilesExportingTwoHooks: twoHooks.map(([f, src]) => `${rel(f)} (${(src.match(/^export (?:function|const) use[A-Z]/gm) ?? []).length})`),
  cacheWriteReRendersReadersTested: cacheWriteTest,
  machineHooksWithoutConnect: machineHooks.filter((h) => !viaConnect.includes(h)).map(([f]) => f),
};
if (process.argv.includes('--json')) console.log(JSON.stringify(figures, null, 2));
else
  for (const [name, value] of Object.entries(figures))
    console.log(`${name}: ${Array.isArray(value) ? `${value.length}${value.length ? ` - ${value.join(', ')}` : ''}` : value}`);
