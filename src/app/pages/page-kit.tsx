/**
 * What the shopper pages share: the router's link for the catalogue components (the head of a page
 * is the head component, ui/shell/PageHead.tsx). The listing pages' own pieces are in listing-kit.tsx.
 * @module
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSkimmer } from '../../hooks/context.ts';
import { CatalogLinkContext, type CatalogLinkProps } from '../../ui/catalog/CatalogLink.tsx';

function RouterLink({ to, ...rest }: CatalogLinkProps) {
  const { serverRender } = useSkimmer();
  // external links and mailto stay plain anchors
  if (/^[a-z]+:/i.test(to)) return <a href={to} {...rest} />;
  // on the server the router's Link only writes this anchor (the app's paths are absolute, the
  // basename '/'), after resolving the path against the route matches, per link: a catalogue
  // page has dozens of links, and that work was a few ms of every render. The browser hydrates
  // the same anchor as its Link.
  if (serverRender && to.startsWith('/') && !to.startsWith('//')) return <a {...rest} href={to} data-discover="true" />;
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
