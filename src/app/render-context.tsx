/**
 * What a page tells the server render about itself, and what the render tells the page: the
 * answer's status (404 for a page that does not exist), a redirect the server answers itself
 * (301/302), the title and canonical path for the head, and the page's origin. One value per
 * request (created by entry-server.tsx), so two renders never share it; in the browser the value
 * carries the origin only and the components behave as before (a redirect navigates in place).
 * @module
 */
import { createContext, useContext, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { HeadTags } from '../ui/shell/PageHeadTags.tsx';

/** What a server render collects while it renders one request. */
export interface RenderOutcome {
  /** The answer's status: 200 unless a page said otherwise. */
  status: number;
  /** A redirect the server answers instead of the page. */
  redirect: { status: 301 | 302; location: string } | null;
  /** The document title the page asked for (the last one wins). */
  title: string | null;
  /** The canonical path or URL the page asked for. */
  canonical: string | null;
  /** The meta description the page asked for. */
  description: string | null;
  /** The head the page rendered (page-head.tsx), for the browser's first view. */
  pageHead?: HeadTags | null;
}

/** The render context's value. */
export interface RenderContextValue {
  /** The page's origin ('https://shop.example'), the same on the server and in the browser. */
  origin: string;
  /** The server render's outcome, written during render; null in the browser. */
  outcome: RenderOutcome | null;
  /**
   * In the browser, the head the server rendered for the page it sent (from the page's data
   * block) and that page's address (path and query): the first view shows it without the head
   * rules (page-head.tsx).
   */
  firstView?: { url: string; head: HeadTags } | null;
}

/** A new outcome: 200, no redirect, nothing for the head yet. */
export function newRenderOutcome(): RenderOutcome {
  return { status: 200, redirect: null, title: null, canonical: null, description: null, pageHead: null };
}

const RenderContext = createContext<RenderContextValue>({ origin: '', outcome: null });

/**
 * Provides the render context.
 * @example <RenderProvider value={{ origin, outcome }}><App /></RenderProvider>
 */
export function RenderProvider({ value, children }: { value: RenderContextValue; children?: ReactNode }) {
  return <RenderContext.Provider value={value}>{children}</RenderContext.Provider>;
}

/** The render context (origin and, on the server, the outcome). */
export function useRenderContext(): RenderContextValue {
  const value = useContext(RenderContext);
  // without a provider (a page mounted on its own, in tests) the browser's origin; the server
  // render always provides its own, so this never runs there
  if (value.origin === '' && value.outcome === null && typeof window !== 'undefined') return { origin: window.location.origin, outcome: null };
  return value;
}

/**
 * Sets the status of the server's answer (404 for a missing product, collection, article ...).
 * Renders nothing; in the browser it does nothing.
 * @example if (missing) return <><PageStatus status={404} /><NotFoundText /></>;
 */
export function PageStatus({ status }: { status: number }) {
  const { outcome } = useRenderContext();
  // the outcome belongs to this request's render only: writing it here is how the page speaks
  // to the server (like a static router's context)
  if (outcome && outcome.status < status) outcome.status = status;
  return null;
}

/**
 * A redirect: on the server the answer is a 301/302 to `to`; in the browser a replacing
 * navigation (the router's Navigate).
 * @example if (target) return <Redirect to={target} status={301} />;
 */
export function Redirect({ to, status = 302 }: { to: string; status?: 301 | 302 }) {
  const { outcome } = useRenderContext();
  if (outcome) {
    if (!outcome.redirect) outcome.redirect = { status, location: to };
    return null;
  }
  return <Navigate to={to} replace />;
}

/**
 * Records the head of the page for the server render (title, canonical, description); in the
 * browser the pages set the document's head in effects as before.
 */
export function useServerHead(head: { title?: string | null; canonical?: string | null; description?: string | null }): void {
  const { outcome } = useRenderContext();
  if (!outcome) return;
  if (head.title) outcome.title = head.title;
  if (head.canonical) outcome.canonical = head.canonical;
  if (head.description) outcome.description = head.description;
}

/**
 * The page's absolute URL (origin, path and query of the router's location): the same text on
 * the server and in the browser, so share links hydrate without a mismatch.
 * @example const url = usePageUrl(); // 'https://shop.example/products/pump?variant=2'
 */
export function usePageUrl(): string {
  const { origin } = useRenderContext();
  const location = useLocation();
  return `${origin}${location.pathname}${location.search}`;
}
