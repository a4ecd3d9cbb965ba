/**
 * What the shopper pages share: the router's link for the catalogue components, and the
 * environment's `navigate` bound to the router, so a URL update a listing machine asks for (the
 * page kept in the URL, the 'cat' redirect) is a client-side navigation instead of a reload.
 * @module
 */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SkimmerContext, useSkimmer } from '../../hooks/context.ts';
import { CatalogLinkContext, type CatalogLinkProps } from '../../ui/catalog/CatalogLink.tsx';

function RouterLink({ to, ...rest }: CatalogLinkProps) {
  // external links and mailto stay plain anchors
  if (/^[a-z]+:/i.test(to)) return <a href={to} {...rest} />;
  return <Link to={to} {...rest} />;
}

/**
 * Wraps a page: catalogue links go through the router, and the provider's environment is the same
 * except for `navigate`, which calls the router (the shared cart and login actors are untouched,
 * since they live in their own context).
 *
 * @example <ShopperPage><SearchResults /></ShopperPage>
 */
export function ShopperPage({ children }: { children: ReactNode }) {
  const skimmer = useSkimmer();
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  const value = useMemo(
    () => ({
      ...skimmer,
      environment: { ...skimmer.environment, navigate: (url: string, options?: { replace?: boolean }) => void latest.current(url, { replace: options?.replace === true }) },
    }),
    [skimmer],
  );
  return (
    <SkimmerContext.Provider value={value}>
      <CatalogLinkContext.Provider value={RouterLink}>{children}</CatalogLinkContext.Provider>
    </SkimmerContext.Provider>
  );
}

/**
 * Sets document.title while the page is shown (and puts back the previous one after).
 * @example useDocumentTitle(results.title);
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
