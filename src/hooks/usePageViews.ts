/**
 * Page views (spec sections 2 and 7): one analytics event per path, carrying location, language,
 * encoding, user agent and title. The path is an argument so any router (or none) can drive it.
 * @module
 */
import { useEffect } from 'react';
import { PAGE_VIEW_EVENT, pageViewPayload } from '../domain/analytics.ts';
import { useEnvironment } from './context.ts';

/** Options of {@link usePageViews}. */
export interface PageViewsOptions {
  /**
   * Also scroll to the top on each path change (spec section 2: "The page scrolls to the top on
   * each path change"), done here because both follow the same path.
   * @default true
   */
  scrollToTop?: boolean;
}

/**
 * Sends `page_view` with `pageViewPayload` once per distinct path (a re-render on the same path
 * sends nothing) and scrolls to the top. The payload is read after the render, so the title a
 * page sets in the same commit is the one sent.
 *
 * @example
 * const { pathname, search } = useLocation(); // any router
 * usePageViews(pathname + search);
 */
export function usePageViews(path: string, options: PageViewsOptions = {}): void {
  const env = useEnvironment();
  const scrollToTop = options.scrollToTop ?? true;
  useEffect(() => {
    if (scrollToTop) env.scrollTo(0, 0);
    env.analytics.track(PAGE_VIEW_EVENT, { ...pageViewPayload(env.page()) });
    // the environment is fixed for the provider's life, so this runs once per path
  }, [path, env, scrollToTop]);
}
