/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import { databaseTestFiles } from './scripts/database-test-files.ts';
import { reactServerChunkLength } from './scripts/react-server-chunk-length.ts';
import { routePreload } from './scripts/route-preload-plugin.ts';

/**
 * One config for the build and the test runner.
 * Tests run in a node environment for the pure layers (domain, api, machines, server)
 * and in a DOM environment for the React layers (hooks, ui), as separate Vitest projects.
 */
const shared: UserConfig = {
  // routePreload: index.html preloads the code of the page at its URL (build only)
  plugins: [react(), routePreload()],
  resolve: {
    // @xstate/react imports the useSyncExternalStore shim, written for React before 18: with React
    // 19 the hook is React's own (the same module without the fallback)
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./scripts/use-sync-external-store.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // bench/web.ts cross-checks the route figures with the manifest
    manifest: true,
    // browsers without <link rel=modulepreload> (Safari before 17) just load the same modules a
    // little later; the polyfill would cost every page's first load
    modulePreload: {
      polyfill: false,
      // A page chunk loaded later (a client-side navigation) fetches its own imports once it
      // arrives: one round trip more on the first visit to a page of that kind, against the names
      // of every chunk a lazy page could need in the entry (about 1 KB gzipped on every page's
      // first load). Stylesheets stay: a page waits for its CSS so it never shows unstyled. The
      // first page's own chunks are preloaded by the routePreload plugin from the manifest.
      resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      input: 'index.html',
      output: {
        // Chunks by what loads together, so a page's first load is a few files rather than a
        // dozen of a few hundred bytes each (each one a request, and gzip does worse on small
        // files): React, the router and XState change rarely and are long-cached vendor chunks;
        // the pieces every catalogue page shows (pictures, stars, breadcrumbs, the page kit) are
        // one chunk and the listings' cards, grid and pagination another; the rest is split
        // automatically, page by page.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 30 },
            { name: 'xstate', test: /node_modules[\\/](xstate|@xstate|use-sync-external-store|use-isomorphic-layout-effect)[\\/]/, priority: 30 },
            {
              // the API client and ky under it, one chunk loaded with the first call after
              // hydration (src/app/lazy-client.ts): one request, none chained behind it
              name: 'api-client',
              test: /(node_modules[\\/]ky[\\/]|src[\\/]api[\\/](client|response|retry|query|payload)\.ts$)/,
              priority: 25,
              includeDependenciesRecursively: false,
            },
            {
              // modules of the first load of every page that the automatic split would scatter
              // over small chunks of their own (they are shared with lazily loaded chunks)
              name: 'shell',
              // (and the small modules that every main page's first load had as chunks of a few
              // hundred bytes each: the head of page-head.tsx, the cart's rules, the layout hook,
              // the read keys, the API errors; the provider's readers one a file, the machine
              // notices, and the connect functions of the login state, the cart and the sections)
              test: /(src[\\/](domain[\\/](chrome|lists|shell|session|return-path|money|urls|search|listing|loading|cart|cart-calls|fits)|machines[\\/](auth\.machine|account\.helpers|cart\.selectors|cart\.connect|auth\.connect|loader\.connect)|hooks[\\/](SharedActorsProvider|lazy-cart|context|skimmer-context|useSkimmer|useClient|useEnvironment|useStoreConfig|useThemeConfig|actor-values|same-view|useMachineView|toast-store|useToasts|useMachineNotices|useLatest|useMobileLayout|useCartSelector|query[\\/](reads|index|watch|useCachedRead|usePrefetchReads|useRead|useQueryRead))|api[\\/](errors|or-missing)|ui[\\/]shell[\\/]PageHeadTags|app[\\/](boot|page-head))\.tsx?|preload-helper(\.js)?)$/,
              priority: 20,
              includeDependenciesRecursively: false,
            },
            {
              // what the product page shares with the listing pages
              name: 'catalog-base',
              test: /src[\\/](ui[\\/]catalog[\\/](ResponsiveImage|StarRating|CatalogLink|CallForPrice)|ui[\\/]product[\\/]LazySection|ui[\\/]shell[\\/]Breadcrumbs|app[\\/]pages[\\/]page-kit|domain[\\/](ratings|page-title|catalog-text|images|add-button|call-for-price))\.tsx?$/,
              priority: 10,
              // only the listed modules: their dependencies stay where the entry or a page has them
              includeDependenciesRecursively: false,
            },
            {
              // the product page's small shared pieces (quantities and variants, the account reads,
              // the not-found view): one file of its first load rather than three of a few hundred bytes
              name: 'product-kit',
              test: /src[\\/](domain[\\/](quantity|variants)|hooks[\\/]query[\\/]account-reads|app[\\/]NotFound)\.tsx?$/,
              priority: 10,
              includeDependenciesRecursively: false,
            },
            {
              // the replaced-part notice and its sentence (the product and search pages): one file
              name: 'replaced-part',
              test: /src[\\/](ui[\\/]product[\\/]ReplacedPartNotice|domain[\\/]replaced-part)\.tsx?$/,
              priority: 10,
              includeDependenciesRecursively: false,
            },
            {
              // the product cards and their grid (the home page shows them too), with the cards' add button's hook
              name: 'catalog',
              test: /src[\\/](ui[\\/]catalog[\\/](ProductGrid|ProductCard|PriceTag|Skeletons)|hooks[\\/]useQuickAdd)\.tsx?$/,
              priority: 10,
              includeDependenciesRecursively: false,
            },
            {
              // the listing pages' pagination, filters and kit: apart from the cards, so the home
              // page's first load goes without them
              name: 'listing',
              test: /src[\\/](ui[\\/]catalog[\\/](Pagination|SearchSidebar|SortSelect|QuickView)|app[\\/]pages[\\/]listing-kit|domain[\\/](pagination|filters)|machines[\\/]search-results\.(machine|connect)|hooks[\\/](useListingApi|listing-actor|useStoredView|useInitialListingOf|useListingCall))\.tsx?$/,
              priority: 10,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  // the dev server's dependency scan starts at the storefront's page only (not at
  // examples/*/index.html, built on the packed library, nor at the generated docs/api pages)
  optimizeDeps: { entries: ['index.html'] },
  server: {
    // `npm run dev:web`: the reference server (npm start, port 3000) answers the API and media.
    proxy: {
      '/api': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
    },
  },
  test: {
    // a catalogue import in a test fetches pictures from this machine only (a server the test
    // starts), never a DNS query for the sample files' example.com addresses
    env: { IMPORT_IMAGE_FETCH: 'loopback' },
    // Two test files at a time (Vitest's default is one fewer than the cores: a single worker on
    // CI's two). Most server files wait on the database, sockets and timers, so a second file
    // fills the idle core. The browser files run after all the others, alone (groupOrder below).
    maxWorkers: 2,
    // NO_ISOLATION: the node and server-pg files run without isolation, each worker loading the
    // server's modules once for every file it runs instead of once a file. Loading them was a
    // third of those files' time (about 1.4 s a file, 363 files): without it the two projects
    // take 11 minutes where they took 17 to 19, and half the CPU. What that asks of a test file:
    // no state of its own in a shared module (a helper's counter is kept per database, as
    // orders-admin.helpers.ts's freshLevels does), timers, globals and environment put back in
    // an afterEach or afterAll, no hook registered by a shared helper module (it would run after
    // the worker's first file only: test/server/setup-db.ts, a setup file, which runs before
    // every file, closes each file's test databases), and no vi.mock of a module (none is used here). The DOM files keep
    // their isolation (each a fresh jsdom), and so do the browser files (they drive a browser).
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
            'test/package*.test.ts',
            'test/integrator/**/*.test.ts',
          ],
          // two files run at a time: a server file's start (an app over a seeded database) may take
          // several seconds while the other file works; these bound a hang, they time nothing
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // the files of a worker share its modules (NO_ISOLATION below); each file's test
          // databases are closed and dropped when it ends
          isolate: false,
          setupFiles: ['test/server/setup-db.ts'],
        },
      },
      {
        // the server tests that open a database (scripts/database-test-files.ts), again on
        // PostgreSQL (test/server/db.helpers.ts: TEST_DATABASE_URL, a schema per database,
        // dropped after the file); fails, never skips, when PostgreSQL is unreachable.
        // SQLite-only files (file backups, migration bookkeeping read from sqlite_master,
        // property tests that make a database per run) stay in the node project only, and so do
        // the files whose subject is HTTP or rendering alone (security headers and limits, strict
        // input, public origin, server rendering and its caches, compression, Redis faults): the
        // same on both databases, whose SQL the module tests run on PostgreSQL.
        extends: true,
        test: {
          name: 'server-pg',
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          include: databaseTestFiles(fileURLToPath(new URL('.', import.meta.url))),
          exclude: [
            'test/server/platform/http/{security-headers,security-limits,strict-input,strict-input-bodies,strict-input-bodiless,public-origin}.test.ts',
            'test/server/platform/render/*.test.ts',
            'test/server/{footer-ssr,app-web,app-web-compression,faults.redis,shopper-pages}.test.ts',
            'test/server/main.test.ts',
            'test/server/platform/config/config.test.ts',
            'test/server/platform/ops/{backup,ops-main}.test.ts',
            'test/server/platform/db/{migrate,schema-parity}.test.ts',
            'test/server/platform/scale/{multiprocess,scale}.test.ts',
            'test/server/platform/http/html.test.ts',
            'test/server/modules/catalogue/collections.test.ts',
            'test/server/modules/search/{search.index,search.oracle,search.words}.test.ts',
            'test/server/modules/accounts/auth-password.test.ts',
            'test/server/modules/captcha/captcha.test.ts',
            'test/server/seed/generate.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          isolate: false,
          setupFiles: ['test/server/setup-db.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/hooks/**/*.test.{ts,tsx}', 'test/ui/**/*.test.{ts,tsx}', 'test/admin/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup-dom.ts'],
          // room for a few of Testing Library's 5 s waits on a loaded machine
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // Playwright (playwright-core) and Debian's Chromium against the production build and the
        // real server, started once by the global setup. Two files at a time: a browser file waits
        // on pages, the network and the store far more than it computes (one at a time: about 8 to
        // 10 minutes, the cores a third busy; two at a time: 5.5 to 6), and each file talks to the
        // store from its own loopback address (harness.ts storeUrl), so the per-address limits
        // count per file.
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['test/browser/**/*.browser.test.ts'],
          globalSetup: ['test/browser/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // a poll waits on a page, a fetch or the store taking a change: Vitest's 1 s, made for
          // in-process checks, ran out on a loaded machine (an empty slider polled for 1 s while
          // its lazy section was still fetching); a bound on a hang, not a timing
          expect: { poll: { timeout: 10_000 } },
          maxWorkers: 2,
          // after every other project, so Chromium and the store's process never share the two
          // cores with a server test file
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
};

/**
 * The server entry's build (`vite build --ssr src/app/entry-server.tsx`, run by `npm run build:web` after the browser
 * build): src/app/entry-server.tsx into dist/server/entry-server.js, which the reference server
 * renders every storefront page with (src/server/platform/render). Every package is bundled in, so the
 * file runs wherever the built storefront is copied (the browser tests build into a temporary
 * folder with no node_modules above it), and React is its production build whatever NODE_ENV
 * the server runs under.
 */
/** The server entry's source. */
export const SERVER_ENTRY = 'src/app/entry-server.tsx';

function serverEntryBuild(config: UserConfig): UserConfig {
  return {
    ...config,
    // reactServerChunkLength: React's server renderer counts its chunks without re-encoding them
    plugins: [react(), reactServerChunkLength()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true, target: 'node' },
    build: {
      outDir: 'dist/server',
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: { input: SERVER_ENTRY },
      copyPublicDir: false,
    },
  };
}

/**
 * react-router's package points every import condition at its development build (its dev-only
 * warnings and checks kept, minified or not); the builds (browser and server alike, so hydration
 * sees the same router) take its production build: about 2 KB gzipped off every page's first
 * load. Tests keep the development build and its warnings.
 */
const ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

function withProductionRouter(config: UserConfig): UserConfig {
  const alias = (config.resolve?.alias ?? []) as { find: RegExp; replacement: string }[];
  return { ...config, resolve: { ...config.resolve, alias: [...alias, ...ROUTER_PRODUCTION] } };
}

export default defineConfig(({ isSsrBuild, command }) => {
  const config = command === 'build' ? withProductionRouter(shared) : shared;
  return isSsrBuild ? serverEntryBuild(config) : config;
});
