/**
 * Texts, links and small rules of the storefront chrome (header, cart overlay, footer, modal)
 * that no other domain module holds yet. Views read them from here so that no
 * label or link list is decided inside a view. The footer's lists and constants are in footer.ts.
 * @module
 */
import type { NavLink } from './entities.ts';
import { visibleNavChildren } from './lists.ts';
import { formatCartAmount, fromCents, linesSubtotalCents } from './money.ts';

/** Fixed texts of the header, cart overlay and shared pieces; the footer's are FOOTER_TEXT (footer.ts). */
export const CHROME_TEXT = {
  /** The cart overlay when the cart has no line. */
  noItemsInCart: 'No items in cart',
  /** The overlay's button to the full cart page. */
  viewCart: 'View Cart',
  /** Accessible name of the header's search button (the button shows an icon). */
  searchButton: 'Search',
  /** Accessible name of the header cart button. */
  cartButton: 'Cart',
  /** Accessible name of the mobile menu toggle. */
  menuButton: 'Menu',
  /** Accessible name of the account menu button. */
  accountButton: 'Account',
  /** The modal dialog's buttons (spec: "modal dialog (Close and Confirm)"). */
  close: 'Close',
  confirm: 'Confirm',
  /** The chunk-load failure's offer (our wording: the spec names the error, not the remedy). */
  reload: 'Reload page',
  /** The home link every breadcrumb trail starts with. */
  home: 'Home',
} as const;

/** The home crumb's path: breadcrumbs always start with Home at '/'. @default '/' */
export const HOME_PATH = '/';

/** The account page, the mobile user icon's target. @default '/myaccount.asp' */
export const ACCOUNT_PATH = '/myaccount.asp';

/** Sign in target of the account menu. @default '/login.asp' */
export const SIGN_IN_PATH = '/login.asp';

/** Register target of the account menu. @default '/register' */
export const REGISTER_PATH = '/register';

/** A navigation link as the header shows it: children already capped. */
export type HeaderNavLink = Omit<NavLink, 'children'> & { children: NavLink[] };

/**
 * The header's main navigation: the nav call's links followed by the theme's
 * additionalHeaderLinks, each with its children capped by {@link visibleNavChildren} (8 unless
 * maxChildItemsToDisplay is set). A configured link whose url is already in the nav data is
 * dropped, so a store that also has 'Brands' in its menu does not show it twice.
 *
 * @example
 * headerNavigation([{ id: 1, title: 'Pumps', url: '/collections/pumps', children: twelve }], []);
 * // [{ id: 1, title: 'Pumps', url: '/collections/pumps', children: first 8 }]
 */
export function headerNavigation(navData: readonly NavLink[] | null | undefined, additional: readonly NavLink[] | null | undefined): HeaderNavLink[] {
  const base = navData ?? [];
  const seen = new Set(base.map((link) => link.url));
  const extra = (additional ?? []).filter((link) => !seen.has(link.url));
  return [...base, ...extra].map((link) => ({ ...link, children: visibleNavChildren(link) }));
}

/**
 * A cart overlay line's amount: unit price times quantity, computed in integer cents (no float
 * arithmetic on prices), with the store currency symbol and 2 decimals.
 *
 * @example
 * cartLineTotalText({ price: 0.1, quantity: 3 }, '$'); // '$0.30'
 */
export function cartLineTotalText(line: { price: number; quantity: number }, currencySymbol: string): string {
  return formatCartAmount(fromCents(linesSubtotalCents([line])), currencySymbol);
}

/** Texts of the header's one-row navigation. */
export const NAV_TEXT = {
  /** The top-level entry whose panel holds the catalogue's collections (our wording). */
  categories: 'Shop by Category',
} as const;

/**
 * A top-level entry of the header navigation: a plain link, or a disclosure whose panel lists
 * columns (a collection and its children).
 */
export type NavGroup =
  | { kind: 'link'; key: string; link: HeaderNavLink }
  | { kind: 'panel'; key: string; title: string; columns: HeaderNavLink[] };

/** Whether a link leads to a collection of the catalogue (not the vendors index under the same path). */
function isCollectionLink(url: string, collectionPath: string): boolean {
  const prefix = `${collectionPath.replace(/\/+$/, '')}/`;
  if (!url.startsWith(prefix)) return false;
  const handle = url.slice(prefix.length).split(/[/?#]/)[0] ?? '';
  return handle !== '' && handle !== 'vendors';
}

/**
 * Folds the header's links into a few top-level entries so the navigation fits one row: every
 * collection link (with its capped children, grouped under its parent) goes into one 'Shop by
 * Category' panel, placed where the first collection was; a link with children of another kind
 * becomes its own panel; a link without children stays a plain link. The order of links within
 * each entry is kept, and every input link appears exactly once.
 *
 * A store of 14 top-level collections and 5 page links then shows 6 entries, not 19 that wrap
 * into three rows and push the products below the fold.
 *
 * @param collectionPath the store's collection path (storeConfig.collectionPath), e.g. '/collections'
 * @example
 * navGroups([pumps, filters, brands], '/collections');
 * // [{ kind: 'panel', title: 'Shop by Category', columns: [pumps, filters] }, { kind: 'link', link: brands }]
 */
export function navGroups(links: readonly HeaderNavLink[], collectionPath: string): NavGroup[] {
  const groups: NavGroup[] = [];
  let categories: Extract<NavGroup, { kind: 'panel' }> | null = null;
  for (const link of links) {
    if (isCollectionLink(link.url, collectionPath)) {
      if (!categories) {
        categories = { kind: 'panel', key: 'categories', title: NAV_TEXT.categories, columns: [] };
        groups.push(categories);
      }
      categories.columns.push(link);
    } else if (link.children.length > 0) {
      groups.push({ kind: 'panel', key: `${link.id}-${link.url}`, title: link.title, columns: [link] });
    } else {
      groups.push({ kind: 'link', key: `${link.id}-${link.url}`, link });
    }
  }
  return groups;
}
