// `npm start` runs this first (prestart): it builds the storefront (`npm run build:web`: the
// browser build into dist/web and the server entry into dist/server, which renders every page)
// only when either is missing or older than any storefront source, so a fresh clone serves the
// store after one `npm install && npm start`, and a restart without changes starts at once.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUTS = [join(root, 'dist/web/index.html'), join(root, 'dist/server/entry-server.js'), join(root, 'dist/web/admin.html'), join(root, 'dist/server/admin-entry.js')];
const SOURCES = ['src/ui', 'src/app', 'src/hooks', 'src/machines', 'src/api', 'src/domain', 'index.html', 'vite.config.ts', 'src/admin', 'admin.html', 'vite.admin.config.ts'];

/** Newest modification time (ms) of a file or of every file under a folder; 0 when missing. */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why a build is needed, or null when dist/web is up to date. */
export function staleReason() {
  const missing = OUTPUTS.find((file) => !existsSync(file));
  if (missing) return `${missing.slice(root.length + 1)} is missing`;
  const built = Math.min(...OUTPUTS.map((file) => statSync(file).mtimeMs));
  for (const source of SOURCES) {
    if (newestMtime(join(root, source)) > built) return `${source} changed since the last build`;
  }
  return null;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const reason = staleReason();
  if (reason === null) {
    console.log('storefront: dist/web is up to date');
  } else {
    console.log(`storefront: building (${reason})`);
    for (const args of [['vite', 'build'], ['vite', 'build', '--ssr', 'src/app/entry-server.tsx'], ['vite', 'build', '--config', 'vite.admin.config.ts'], ['vite', 'build', '--config', 'vite.admin.config.ts', '--ssr', 'src/admin/entry-server.tsx']]) {
      const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
      if (result.status !== 0) process.exit(result.status ?? 1);
    }
  }
}
