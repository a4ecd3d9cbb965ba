/**
 * The app shell: announcement bar, header, the routed page inside an
 * error boundary and a Suspense fallback, footer, toasts and the exit-intent popup; scroll to
 * top and page-view tracking on each path change, visit tracking.
 * @module
 */
import { lazy, memo, Suspense, use, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import type { NavResponse } from '../api/types.ts';
import { useSkimmer } from '../hooks/context.ts';
import { useSharedActors } from '../hooks/SharedActorsProvider.tsx';
import { useAuth } from '../hooks/useAuth.ts';
import { usePageViews } from '../hooks/usePageViews.ts';
import { useVisitTracking } from '../hooks/useVisitTracking.ts';
import { useMobileLayout } from '../hooks/useMobileLayout.ts';
import { AnnouncementBar } from '../ui/shell/AnnouncementBar.tsx';
import { Header } from '../ui/shell/Header.tsx';
import { Spinner } from '../ui/shell/Spinner.tsx';
import { Toasts } from '../ui/shell/Toasts.tsx';
import { useNavigation } from '../ui/shell/useNavigation.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { markPageHydrated, usePageSettled, whenPageSettled } from './page-settled.ts';
import { pageRoutes, withChunkTimeout, type PageRoutes } from './routes.tsx';

/**
 * Where the environment's `navigate` sends the app's own URLs: set by the shell to the router's
 * navigate once it mounts; until then (and outside a router) it is null and the environment falls
 * back to a full page load.
 */
export const routerNavigation: { current: ((url: string, options?: { replace?: boolean }) => void) | null } = { current: null };

/** Where {@link navigateInApp} sends a URL the router cannot take. */
export interface PageLocation {
  href: string;
  origin: string;
  assign(url: string): void;
  replace(url: string): void;
}

/**
 * The environment's `navigate` for the storefront: the app's own URLs go through the router (no
 * reload, the shared cart and login stay); other origins, the API and media, or any URL before
 * the router is mounted, load the page (`replace` keeps the history entry).
 *
 * @example
 * const environment = { navigate: (url, options) => navigateInApp(url, options, window.location) };
 */
export function navigateInApp(url: string, options: { replace?: boolean } | undefined, location: PageLocation): void {
  const target = new URL(url, location.href);
  const router = routerNavigation.current;
  if (router && isAppUrl(target, location.origin)) router(target.pathname + target.search + target.hash, options);
  else if (options?.replace) location.replace(url);
  else location.assign(url);
}

/**
 * Pages the server renders on the store's own origin, which the router must load rather than
 * take: the hosted checkout (the checkout's webUrl), the wallet's add-card popup, the recovery
 * email link and the development pages.
 */
export const SERVER_PAGE_PREFIXES = ['/checkout/', '/wallet/add-card', '/verify-recovery-email', '/dev/'] as const;

/** Whether a URL belongs to this app (same origin, not a file, API call or server-rendered page). */
export function isAppUrl(url: URL, origin: string): boolean {
  return (
    url.origin === origin &&
    !url.pathname.startsWith('/api/') &&
    !url.pathname.startsWith('/media/') &&
    !SERVER_PAGE_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))
  );
}

/**
 * Plain anchors in the ui layer (which may not import the router) become client-side
 * navigations: a plain left click on a same-origin link without a target or download attribute,
 * not already handled by someone else (react-router's Link prevents the default itself).
 */
function useLinkInterception(navigate: (to: string) => void): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (!isAppUrl(url, window.location.origin)) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}

/**
 * The exit-intent popup is the shopper's second thought, never part of the first view: its code
 * and listeners arrive once the page has settled (the first interaction, or a moment after load).
 */
const ExitIntentPopup = lazy(() => withChunkTimeout(import('../ui/shell/ExitIntentPopup.tsx'), 'ExitIntentPopup').then((m) => ({ default: m.ExitIntentPopup })));

function WhenSettled({ children }: { children: ReactNode }) {
  const settled = usePageSettled();
  return settled ? <Suspense fallback={null}>{children}</Suspense> : null;
}

const Footer = lazy(() => withChunkTimeout(import('../ui/shell/Footer.tsx'), 'Footer').then((m) => ({ default: m.Footer })));

/** What the footer is given: the navigation, the year and the page's path and query. */
type FooterProps = { navData: NavResponse['navData']; year: number; page: string };

/**
 * The footer's code waits, in the browser, until the page has settled when the server's footer
 * is on the page: until then React leaves its HTML in place (its Suspense boundary stays
 * dehydrated), so the links, texts and the form posted without JavaScript work from the first
 * paint while its code is no part of the first load. On the server, and over a page rendered in
 * the browser alone, it renders at once.
 */
function LateFooter(props: FooterProps) {
  const { serverRender } = useSkimmer();
  // read before the first commit: the server's footer is still in the document while it waits
  const [due] = useState(() => (serverRender || !document.querySelector('.site-footer') ? null : whenPageSettled(window)));
  if (due) use(due);
  return <Footer {...props} />;
}

/**
 * The footer below every page. The server renders it whole; the browser hydrates it late (see
 * {@link LateFooter}). Memoised, and compared by value: a dehydrated boundary given new props
 * before its code has arrived would drop the server's HTML for the placeholder. A footer whose
 * code fails to load fails alone, the chunk's message in its place, the rest of the store intact.
 */
const ShellFooter = memo(
  function ShellFooter(props: FooterProps) {
    return (
      <ErrorBoundary inline className="footer-chunk-error">
        <Suspense fallback={<div className="footer-placeholder" aria-hidden="true" />}>
          <LateFooter {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  },
  (a, b) => a.year === b.year && a.page === b.page && (a.navData === b.navData || (a.navData.length === 0 && b.navData.length === 0)),
);

/**
 * Marks the document once the routed page has hydrated (or rendered): server HTML looks
 * interactive before React handles it, so tools and tests wait for `html[data-hydrated]` before
 * they click. It sits inside the page's Suspense boundary, so its effect runs only when that
 * boundary commits: a page that suspends while hydrating (a module or a read not ready) stays
 * server HTML, unmarked, until React has hydrated it (a mark on the root fired before that, and
 * a choice made in between reached HTML without handlers). Renders nothing, so the server's HTML
 * and the first render agree.
 */
function HydrationMark(): null {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    markPageHydrated();
  }, []);
  return null;
}

/** The page of the location: React Router matches it among the rows that can match (its own ranking, a few rows instead of the whole table). */
function PageRoute({ routes, pathname }: { routes: PageRoutes; pathname: string }) {
  return useRoutes(routes(pathname) as RouteObject[]);
}

/** The routed page, memoised: the shell's own updates (login, navigation data, viewport) do not re-render the page; a new location does (the router's context). */
const RoutedMain = memo(function RoutedMain({ routes, pathname }: { routes: PageRoutes; pathname: string }) {
  return (
    <main id="main" tabIndex={-1}>
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageFallback />}>
          <HydrationMark />
          <PageRoute routes={routes} pathname={pathname} />
        </Suspense>
      </ErrorBoundary>
    </main>
  );
});

/** Visit tracking in a leaf, so the login state arriving re-renders nothing else. */
function VisitTracking({ path }: { path: string }) {
  const { customer } = useAuth();
  useVisitTracking(path, customer);
  return null;
}

/** Props of {@link App}. */
export interface AppProps {
  /** The navigation, when the entry loaded it before the first render (desktop). */
  initialNav?: NavResponse;
  /** The page already shows the server's announcement bar (above the root): the shell draws none. */
  announcementInPage?: boolean;
}

function PageFallback() {
  return (
    <div className="page-loading">
      <Spinner label="Loading page" />
    </div>
  );
}

/**
 * The shell around every page. Must sit inside a router and a SkimmerProvider (see main.tsx).
 *
 * @example
 * <SkimmerProvider client={client} storeConfig={storeConfig} themeConfig={themeConfig}>
 *   <BrowserRouter><App /></BrowserRouter>
 * </SkimmerProvider>
 */
export function App({ initialNav, announcementInPage = false }: AppProps = {}) {
  const { storeConfig } = useSkimmer();
  const location = useLocation();
  const navigate = useNavigate();
  const mobile = useMobileLayout();
  const nav = useNavigation(initialNav);

  useEffect(() => {
    routerNavigation.current = (url, options) => void navigate(url, { replace: options?.replace === true });
    return () => {
      routerNavigation.current = null;
    };
  }, [navigate]);
  useLinkInterception(navigate as (to: string) => void);
  usePageViews(location.pathname);
  // the cart's machine loads by itself with the first change to the cart; once the page has
  // settled it is fetched ahead, so that first change does not wait for its code
  const { loadCart } = useSharedActors();
  useEffect(() => {
    void whenPageSettled(window).then(() => loadCart().catch(() => undefined));
  }, [loadCart]);

  const routes = pageRoutes(storeConfig);
  const year = new Date().getFullYear();

  return (
    <div className={`app${mobile ? ' is-mobile' : ''}`}>
      <a className="skip-link" href="#main">Skip to content</a>
      {announcementInPage ? null : <AnnouncementBar />}
      <Header navData={nav.links} pathname={location.pathname} />
      <RoutedMain routes={routes} pathname={location.pathname} />
      <VisitTracking path={location.pathname + location.search} />
      <ShellFooter navData={nav.links} year={year} page={location.pathname + location.search} />
      <Toasts />
      {/* a popup whose code fails to load fails alone, with the chunk message in its place */}
      <ErrorBoundary inline className="popup-chunk-error">
        <WhenSettled>
          <ExitIntentPopup />
        </WhenSettled>
      </ErrorBoundary>
    </div>
  );
}
