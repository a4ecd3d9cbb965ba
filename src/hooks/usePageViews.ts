/**
 * Page views: one analytics event per path, carrying location, language,
 * encoding, user agent and title. The path is an argument so any router (or none) can drive it.
 * @module
 */
import { useEffect, useRef } from 'react';
import { PAGE_VIEW_EVENT, pageViewPayload } from '../domain/analytics.ts';
import { useEnvironment } from './context.ts';

/** Options of {@link usePageViews}. */
export interface PageViewsOptions {
  /**
   * Also scroll to the top on each path change ("The page scrolls to the top on
   * each path change"), done here because both follow the same path.
   * @default true
   */
  scrollToTop?: boolean;
}

/**
 * Sends `page_view` with `pageViewPayload` once per distinct path (a re-render on the same path
 * sends nothing) and scrolls to the top when the path changes. The first path is the page the
 * browser loaded: it placed that page itself (the top, a restored position, an anchor), and with
 * server rendering the shopper may already have scrolled its HTML before hydration, which a scroll
 * here would undo. The payload is read after the render, so the title a
 * page sets in the same commit is the one sent; a page that shows no title yet (its code or data
 * still on the way after a client-side navigation) is reported once its title arrives
 * (`environment.events.onTitleChange`), so no view is sent with an empty title.
 *
 * @example
 * const { pathname, search } = useLocation(); // any router
 * usePageViews(pathname + search);
 */
export function usePageViews(path: string, options: PageViewsOptions = {}): void {
  const env = useEnvironment();
  const scrollToTop = options.scrollToTop ?? true;
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (scrollToTop && previous.current !== null && previous.current !== path) env.scrollTo(0, 0);
    previous.current = path;
    const send = () => env.analytics.track(PAGE_VIEW_EVENT, { ...pageViewPayload(env.page()) });
    const watch = env.events.onTitleChange;
    if (env.page().title !== '' || !watch) {
      send();
      return;
    }
    // a page whose code or data were still loading has no title yet (the last page's went with
    // it): the view is sent when its title arrives, so the report names the page
    let sent = false;
    const stop = watch((title) => {
      if (sent || title === '') return;
      sent = true;
      send();
    });
    return () => {
      sent = true;
      stop();
    };
    // the environment is fixed for the provider's life, so this runs once per path
  }, [path, env, scrollToTop]);
}
