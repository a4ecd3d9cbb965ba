/**
 * The link the catalogue components render. The ui layer may not import the router, so the app
 * provides its router's link component (react-router's `Link` takes `to`) through this context;
 * without a provider a plain anchor is used.
 * @module
 */
import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType, type ReactNode } from 'react';

/** Props every catalogue link takes. */
export interface CatalogLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  children?: ReactNode;
}

function PlainLink({ to, ...rest }: CatalogLinkProps) {
  return <a href={to} {...rest} />;
}

/** The link component in use. @default a plain anchor */
export const CatalogLinkContext = createContext<ComponentType<CatalogLinkProps>>(PlainLink);

/**
 * A link through the app's router when one is provided.
 * @example <CatalogLink to="/products/pump">Pump</CatalogLink>
 */
export function CatalogLink(props: CatalogLinkProps) {
  const Link = useContext(CatalogLinkContext);
  return <Link {...props} />;
}
