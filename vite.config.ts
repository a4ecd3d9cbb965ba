/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routePreload } from './scripts/route-preload-plugin.ts';

/**
 * One config for the build and the test runner.
 * Tests run in a node environment for the pure layers (domain, api, machines, server)
 * and in a DOM environment for the React layers (hooks, ui), as separate Vitest projects.
 */
export default defineConfig({
  // routePreload: index.html preloads the code of the page at its URL (build only)
  plugins: [react(), routePreload()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // bench/web.ts cross-checks the route figures with the manifest
    manifest: true,
    // browsers without <link rel=modulepreload> (Safari before 17) just load the same modules a
    // little later; the polyfill would cost every page's first load
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: 'index.html',
      output: {
        // React and the router change rarely: one long-cached vendor chunk shared by every route.
        manualChunks(id: string) {
          if (/node_modules\/(react-router|react-router-dom)\//.test(id)) return 'router';
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (/node_modules\/(xstate|@xstate)\//.test(id)) return 'xstate';
          return undefined;
        },
      },
    },
  },
  server: {
    // `npm run dev:web`: the reference server (npm start, port 3000) answers the API and media.
    proxy: {
      '/api': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'test/domain/**/*.test.ts',
            'test/api/**/*.test.ts',
            'test/machines/**/*.test.ts',
            'test/server/**/*.test.ts',
            'test/layers.test.ts',
            'test/package.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/hooks/**/*.test.{ts,tsx}', 'test/ui/**/*.test.{ts,tsx}'],
        },
      },
      {
        // Playwright (playwright-core) and Debian's Chromium against the production build and the
        // real server, started once by the global setup. One file at a time: 2 cores, and Chromium
        // is several processes.
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['test/browser/**/*.browser.test.ts'],
          globalSetup: ['test/browser/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
