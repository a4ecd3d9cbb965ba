/**
 * Breadcrumbs: always start with Home at '/'.
 * @module
 */
import { CHROME_TEXT, HOME_PATH } from '../../domain/chrome.ts';

/** One crumb after Home; the last one is the current page and has no link. */
export interface Crumb {
  title: string;
  /** Omitted for the current page. */
  url?: string;
}

/** Props of {@link Breadcrumbs}. */
export interface BreadcrumbsProps {
  /** Crumbs after Home, in order; a leading Home crumb is not repeated. */
  items: readonly Crumb[];
}

/**
 * A breadcrumb trail in a labelled nav landmark. Home at '/' is always first; when the caller's
 * first crumb already is Home at '/', it is not shown twice. The last crumb is marked
 * `aria-current="page"`.
 *
 * @example <Breadcrumbs items={[{ title: 'Pumps', url: '/collections/pumps' }, { title: 'SuperFlo' }]} />
 */
export function Breadcrumbs({ items }: BreadcrumbsProps) {
  const rest = items[0]?.url === HOME_PATH ? items.slice(1) : items;
  const all: Crumb[] = [{ title: CHROME_TEXT.home, url: HOME_PATH }, ...rest];
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {all.map((crumb, i) => {
          const last = i === all.length - 1;
          return (
            <li key={`${i}-${crumb.title}`}>
              {crumb.url !== undefined && !last ? (
                <a href={crumb.url}>{crumb.title}</a>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{crumb.title}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
