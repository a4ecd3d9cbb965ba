/**
 * The storefront's server entry (built by Vite beside the browser build: `dist/server/entry-server.js`).
 * The reference server (src/server/platform/render) calls {@link render} for every storefront page: the
 * app renders with React's streaming renderer under React Router's StaticRouter, every read the
 * first view makes waits for its data (hooks/query: a new cache per request, filled through the
 * API client whose fetch the server binds to the app in process), and the answer carries the
 * HTML of the app, its status (404 for a page that does not exist, a 301/302 redirect the server
 * answers itself, 500 with the error fallback), the head the page asked for and the cache,
 * dehydrated, for the browser to start from.
 *
 * Nothing here or in the app reads `window` or `document` during render or at import, and no
 * module keeps state between two requests: everything a render writes lives in the objects
 * created by its own call.
 * @module
 */
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server.bun';
import { StaticRouter } from 'react-router-dom';
import type { Writable } from 'node:stream';
import { createClient, type Transport } from '../api/client.ts';
import { splitHoistedHead } from '../domain/seo.ts';
import { SHELL_MESSAGES } from '../domain/shell.ts';
import { createMemoryEnvironment } from '../hooks/environment.ts';
import { fetchRead, type DehydratedState } from '../hooks/query/index.ts';
import { createQueryClient, dehydrateCache } from '../hooks/query/server.ts';
import { SkimmerProvider } from '../hooks/SkimmerProvider.tsx';
import { navRead } from '../ui/shell/useNavigation.ts';
import { App } from './App.tsx';
import type { ConfigResponse } from './boot.ts';
import { newRenderOutcome, RenderProvider, type RenderOutcome } from './render-context.tsx';
import { loadHeadRules } from './page-head.tsx';
import { preloadPage } from './routes.tsx';
import type { HeadTags } from '../ui/shell/PageHeadTags.tsx';

/** One page to render. */
export interface RenderRequest {
  /** Path and query of the page ('/products/pump?variant=2'). */
  url: string;
  /** The store's origin as the shopper sees it ('https://shop.example'). */
  origin: string;
  /**
   * What the API client sends its calls with (`ClientOptions.transport`): the reference server
   * answers them in process, as data, without fetch's Request and Response.
   */
  transport: Transport;
  /** The answer of GET /api/config. */
  config: ConfigResponse;
  /** The shopper's user agent: the mobile layout is chosen from it before the width is known. */
  userAgent: string;
  /** Gives up after this many ms (the page answers 500). @default 10000 */
  timeoutMs?: number;
}

/** The rendered page. */
export interface RenderResult {
  /** 200, 404 (a page that does not exist) or 500 (a render error: the HTML is the error fallback). */
  status: number;
  /** A redirect the server answers instead of the page (the 'cat' lookup, legacy addresses). */
  redirect: { status: 301 | 302; location: string } | null;
  /** The app's HTML, for the inside of `<div id="root">` (without the head tags React hoisted). */
  html: string;
  /** The `<title>`, `<meta>` and `<link>` tags the page rendered (React's hoisted run), for the page's `<head>`. */
  headHtml: string;
  /** The dehydrated cache for `<script type="application/json" id="skimmer-data">` (null after an error: the browser renders afresh). */
  data: SkimmerPageData | null;
  /** What the page asked for in its head. */
  head: { title: string | null; canonical: string | null; description: string | null };
}

/** What the page's data block holds: the cache, and the navigation the shell showed. */
export interface SkimmerPageData {
  /** The dehydrated QueryClient. */
  queries: DehydratedState;
  /** The URL the data belongs to (the browser ignores data for another address). */
  url: string;
  /**
   * The head the page rendered (page-head.tsx), without its JSON-LD texts (`jsonLd` is empty: the
   * browser reads them from the page's own `<script type="application/ld+json">` elements): the
   * browser's first view shows it without the head rules.
   */
  head?: HeadTags | null;
}

/**
 * The error fallback of the shell ('Oops.' / 'Something went wrong.'), as the server answers a
 * failed render.
 */
function errorFallbackHtml(): string {
  return `<section class="error-fallback" role="alert"><h1>${SHELL_MESSAGES.oops}</h1><p>${SHELL_MESSAGES.somethingWentWrong}</p></section>`;
}

/** What React's `pipe` needs of a destination (see {@link collectingSink}). */
interface CollectingSink {
  write(chunk: unknown): boolean;
  end(): void;
  destroy(error?: unknown): void;
  on(): CollectingSink;
}

/**
 * The destination React's `pipe` writes the finished page into, kept as one string. The renderer
 * is React's build for Bun (`react-dom/server.bun`), the same Fizz renderer as the Node build
 * but writing its chunks as strings: the Node build encodes every chunk into 4 KB byte views
 * (TextEncoder) that this sink then had to join and decode again, a tenth of a collection page's
 * render CPU. That build uses nothing of Bun but `Bun.hash`, in `useActionState` with a server
 * action's permalink, which the storefront does not use (no server actions); Node's `stream` and
 * `Buffer` are what it calls otherwise. A chunk that is not a string (a React update that
 * changed the build) fails the render, so the server suites say so. Nothing is ever held back:
 * React writes the whole page in one go once everything is ready.
 */
function collectingSink(resolve: (html: string) => void, reject: (error: unknown) => void): CollectingSink {
  let html = '';
  const sink: CollectingSink = {
    write(chunk: unknown): boolean {
      if (typeof chunk !== 'string') throw new Error('react-dom/server.bun wrote bytes: the entry expects its string chunks');
      html += chunk;
      return true;
    },
    end(): void {
      resolve(html);
    },
    destroy(error?: unknown): void {
      reject(error ?? new Error('the render was destroyed'));
    },
    on(): CollectingSink {
      return sink;
    },
  };
  return sink;
}

/** Renders to a string once everything has settled (see the module comment of src/server/platform/render). */
function renderToString(element: React.ReactNode, timeoutMs: number): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const rendered = new Promise<string>((resolve, reject) => {
    const sink = collectingSink(resolve, reject);
    let failed: unknown = null;
    const stream = renderToPipeableStream(element, {
      // a finished boundary is written in place however large (React would otherwise move a big
      // one after the shell, revealed by an inline script the page's CSP does not list)
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // every read of the first view is waited for: the HTML is complete and carries no inline
      // script of React's (the page's Content-Security-Policy lists its scripts by hash)
      onAllReady() {
        if (failed !== null) reject(failed);
        else stream.pipe(sink as unknown as Writable);
      },
      onShellError(error) {
        reject(error);
      },
      onError(error) {
        // an error inside a Suspense boundary would leave it to the browser: the page is a 500
        failed ??= error;
      },
    });
    timer = setTimeout(() => {
      stream.abort(new Error(`render timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    timer.unref();
  });
  // the timer is cleared as soon as the render settles: it holds the render (React's whole request:
  // every segment of the page and the data) until it fires, so a server rendering 200 pages a second
  // kept the last 10 s of them alive (old space grew by some 190 KB a page, and every page's
  // garbage was promoted and marked instead of dying young)
  return rendered.finally(() => clearTimeout(timer));
}

/**
 * Renders one storefront page (see the module comment).
 *
 * @example
 * const page = await render({ url: '/products/pump', origin, fetch, config, userAgent });
 * if (page.redirect) reply.redirect(page.redirect.location, page.redirect.status);
 */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const { storeConfig, themeConfig } = request.config;
  const queryClient = createQueryClient();
  const outcome: RenderOutcome = newRenderOutcome();
  const client = createClient({ baseUrl: request.origin, transport: request.transport });
  const environment = createMemoryEnvironment({
    now: () => Date.now(),
    viewport: { width: () => null, userAgent: () => request.userAgent, subscribe: () => () => {} },
  });
  const path = request.url.split('?')[0] ?? '/';
  // the shell's navigation is asked for now, beside the page's code (the shell would otherwise
  // wait for it before the page's own reads begin)
  fetchRead(queryClient, navRead(client, storeConfig, themeConfig)).catch(() => undefined);
  // the page's code is loaded before the render, so its lazy component does not suspend
  await preloadPage(storeConfig, path);
  // and the rules of its head (page-head.tsx), loaded once for the process
  await loadHeadRules();
  const announcementInPage = (storeConfig.storefrontAnnouncement ?? '').trim() !== '';
  const app = (
    <StrictMode>
      <RenderProvider value={{ origin: request.origin, outcome }}>
        <SkimmerProvider client={client} storeConfig={storeConfig} themeConfig={themeConfig} environment={environment} queryClient={queryClient} serverRender>
          <StaticRouter location={request.url}>
            <App announcementInPage={announcementInPage} />
          </StaticRouter>
        </SkimmerProvider>
      </RenderProvider>
    </StrictMode>
  );
  try {
    const rendered = await renderToString(app, request.timeoutMs ?? 10_000);
    // a root that is not <html>: React writes the hoisted head tags as one run before the app
    const { head, body } = splitHoistedHead(rendered);
    return {
      status: outcome.status,
      redirect: outcome.redirect,
      html: body,
      headHtml: head,
      // the head without its JSON-LD texts: those are in the HTML already, the browser reads them there
      data: { queries: dehydrateCache(queryClient), url: request.url, ...(outcome.pageHead ? { head: { ...outcome.pageHead, jsonLd: [] } } : {}) },
      head: { title: outcome.title, canonical: outcome.canonical, description: outcome.description },
    };
  } catch (error) {
    console.error(error);
    return { status: 500, redirect: null, html: errorFallbackHtml(), headHtml: '', data: null, head: { title: null, canonical: null, description: null } };
  } finally {
    queryClient.clear();
  }
}
