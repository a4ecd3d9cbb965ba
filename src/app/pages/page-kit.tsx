/**
 * What the shopper pages share: the router's link for the catalogue components and the document
 * title. The listing pages' own pieces are in listing-kit.tsx.
 * @module
 */
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CatalogLinkContext, type CatalogLinkProps } from '../../ui/catalog/CatalogLink.tsx';

function RouterLink({ to, ...rest }: CatalogLinkProps) {
  // external links and mailto stay plain anchors
  if (/^[a-z]+:/i.test(to)) return <a href={to} {...rest} />;
  return <Link to={to} {...rest} />;
}

/**
 * Wraps a page so the catalogue components link through the router. URL updates the machines ask
 * for (the page kept in the URL, the 'cat' redirect, checkout) go through the environment's
 * `navigate`, which the shell binds to the router for the app's own URLs (src/app/main.tsx).
 *
 * @example <ShopperPage><SearchResults /></ShopperPage>
 */
export function ShopperPage({ children }: { children: ReactNode }) {
  return <CatalogLinkContext.Provider value={RouterLink}>{children}</CatalogLinkContext.Provider>;
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
