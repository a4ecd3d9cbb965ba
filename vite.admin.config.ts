/**
 * The back office's build (`vite build --config vite.admin.config.ts`, run by `npm run build:web`
 * after the storefront's): admin.html and src/admin into dist/web beside the storefront, as
 * admin.html and admin-assets/*; with `--ssr src/admin/entry-server.tsx`, its server entry into
 * dist/server/admin-entry.js, which the store renders every /admin page with. A build of its own, not a second input of vite.config.ts: the
 * storefront's chunk groups (its shell chunk imports the storefront's entry chunk) would make the
 * back office load and run the storefront's entry, and code the back office shares with the
 * storefront (the router's NavLink) would grow the storefront's first load. Built apart, the
 * storefront's files are the same bytes with or without the back office, and the back office
 * carries its own copies of React, the router and XState (operators only download them).
 * It takes the storefront config's aliases (the useSyncExternalStore shim, the router's
 * production build) and none of its plugins but React's.
 */
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import storefront from './vite.config.ts';

/** The folder of the back office's built files, under dist/web. */
export const ADMIN_ASSETS_DIR = 'admin-assets';

/** The back office's server entry's source and its built file's name (in dist/server). */
export const ADMIN_SERVER_ENTRY = 'src/admin/entry-server.tsx';
export const ADMIN_SERVER_FILE = 'admin-entry.js';

export default defineConfig((env) => {
  const base = (storefront as (e: typeof env) => UserConfig)(env);
  if (env.isSsrBuild) {
    // `--ssr src/admin/entry-server.tsx`: dist/server/admin-entry.js beside the storefront's entry
    // (which stays: no emptying), every package bundled in, React's production build
    return {
      resolve: base.resolve ?? {},
      plugins: [react()],
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      ssr: { noExternal: true, target: 'node' },
      build: {
        outDir: 'dist/server',
        emptyOutDir: false,
        sourcemap: false,
        copyPublicDir: false,
        rolldownOptions: { input: ADMIN_SERVER_ENTRY, output: { entryFileNames: ADMIN_SERVER_FILE } },
      },
    } satisfies UserConfig;
  }
  return {
    resolve: base.resolve ?? {},
    plugins: [react()],
    build: {
      outDir: 'dist/web',
      // the storefront's build (run first) emptied it; its files stay
      emptyOutDir: false,
      assetsDir: ADMIN_ASSETS_DIR,
      sourcemap: false,
      manifest: false,
      copyPublicDir: false,
      modulePreload: { polyfill: false },
      rolldownOptions: { input: { admin: 'admin.html' } },
    },
    optimizeDeps: { entries: ['admin.html'] },
  } satisfies UserConfig;
});
