/**
 * List rules of the storefront (spec sections 2, 4 and 9): recently viewed
 * products, footer brands, navigation children and child categories.
 *
 * @module
 */
import type { Hierarchy, HierarchyEntry, NavLink, Vendor } from './entities.ts';

/**
 * Most product ids the recently viewed list keeps.
 * @default 25
 */
export const RECENTLY_VIEWED_LIMIT = 25;

/**
 * Local-storage key of the recently viewed list (the spec keeps the ids in
 * local storage without naming the key; this is ours).
 * @default 'recentlyViewed'
 */
export const RECENTLY_VIEWED_STORAGE_KEY = 'recentlyViewed';

function isProductId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function normalise(ids: readonly number[]): number[] {
  const seen = new Set<number>();
  const out: number[] = [];
  for (const id of ids) {
    if (!isProductId(id) || seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    if (out.length === RECENTLY_VIEWED_LIMIT) break;
  }
  return out;
}

/**
 * The list after viewing a product: its id first, any earlier occurrence
 * removed, capped at 25 ids. The rest of the list is normalised too (a stored
 * list with duplicates or junk comes out clean), and an invalid id (not a
 * positive safe integer) leaves the list as it was, minus the junk.
 *
 * @example
 * pushRecentlyViewed([3, 2, 1], 2); // [2, 3, 1]
 */
export function pushRecentlyViewed(list: readonly number[], id: number): number[] {
  if (!isProductId(id)) return normalise(list);
  return normalise([id, ...list]);
}

/**
 * The list without a product (the remove button of a history-mode card).
 *
 * @example
 * removeRecentlyViewed([3, 2, 1], 2); // [3, 1]
 */
export function removeRecentlyViewed(list: readonly number[], id: number): number[] {
  return normalise(list.filter((x) => x !== id));
}

/**
 * Reads the stored list: a JSON array of ids, newest first. Numeric strings are
 * accepted (older writers stored strings); anything unreadable gives an empty
 * list instead of an error, since the list is only a convenience.
 *
 * @example
 * parseRecentlyViewed('[5,"4",5,null]'); // [5, 4]
 * parseRecentlyViewed('oops');           // []
 */
export function parseRecentlyViewed(stored: string | null | undefined): number[] {
  if (!stored) return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const ids = value.map((item: unknown) => (typeof item === 'string' && /^\d+$/.test(item.trim()) ? Number(item.trim()) : item));
  return normalise(ids.filter(isProductId));
}

/** The list as stored: a JSON array, read back by {@link parseRecentlyViewed}. */
export function serializeRecentlyViewed(list: readonly number[]): string {
  return JSON.stringify(normalise(list));
}

/**
 * Brands shown in the footer's POPULAR BRANDS block.
 * @default 10
 */
export const FOOTER_BRANDS_LIMIT = 10;

const byName = (a: string, b: string): number => {
  const loose = a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
  if (loose !== 0) return loose;
  return a < b ? -1 : a > b ? 1 : 0;
};

function productCount(vendor: Vendor): number {
  const count = vendor.productCount;
  return typeof count === 'number' && Number.isFinite(count) ? count : 0;
}

/**
 * The 10 footer brands: by product count, descending; equal counts by name,
 * A to Z ignoring case and accents (numbers in names compare as numbers), then
 * by exact name so the order never depends on the server's. A missing or
 * non-numeric count counts as 0; brands with a blank name are dropped (they would link to
 * /brands/).
 *
 * @example
 * footerBrands([{ name: 'Zodiac', productCount: 5 }, { name: 'Hayward', productCount: 9 }]);
 * // [{ name: 'Hayward', ... }, { name: 'Zodiac', ... }]
 */
export function footerBrands<V extends Vendor>(vendors: readonly V[] | null | undefined): V[] {
  return (vendors ?? [])
    .filter((vendor) => vendor.name.trim() !== '')
    .slice()
    .sort((a, b) => {
      const count = productCount(b) - productCount(a);
      return count !== 0 ? count : byName(a.name, b.name);
    })
    .slice(0, FOOTER_BRANDS_LIMIT);
}

/**
 * Link of a brand page, '/brands/{name}', the name URL-encoded so names with
 * spaces or slashes stay one path segment.
 *
 * @example
 * brandPath('Pentair Pool'); // '/brands/Pentair%20Pool'
 */
export function brandPath(name: string): string {
  return `/brands/${encodeURIComponent(name)}`;
}

/**
 * Children a navigation dropdown shows when the link sets no cap.
 * @default 8
 */
export const NAV_CHILDREN_LIMIT = 8;

/**
 * Children the dropdown of a link shows: the first maxChildItemsToDisplay when
 * set (a number of 0 or more, fractional counts floored; 0 hides them all),
 * else the first 8.
 *
 * @example
 * visibleNavChildren({ ...link, children: twelve });                            // first 8
 * visibleNavChildren({ ...link, children: twelve, maxChildItemsToDisplay: 10 }); // first 10
 */
export function visibleNavChildren(link: Pick<NavLink, 'children' | 'maxChildItemsToDisplay'>): NavLink[] {
  const max = link.maxChildItemsToDisplay;
  const cap = typeof max === 'number' && Number.isFinite(max) && max >= 0 ? Math.floor(max) : NAV_CHILDREN_LIMIT;
  return (link.children ?? []).slice(0, cap);
}

/**
 * Level of the child categories in a collection hierarchy.
 * @default 2
 */
export const CHILD_CATEGORY_LEVEL = 2;

/**
 * The child categories of a collection: the level 2 entries of its hierarchy
 * (the 'default' list, or a plain list), sorted by title A to Z ignoring case,
 * with numbers compared as numbers ('2 HP' before '10 HP'); equal titles keep
 * a fixed order by id.
 *
 * @example
 * childCategories({ default: [{ id: 1, title: 'Pumps', handle: 'pumps', LEVEL: 1 }, { id: 2, title: 'Motors', handle: 'motors', LEVEL: 2 }] });
 * // [{ id: 2, title: 'Motors', ... }]
 */
export function childCategories(hierarchy: Hierarchy | readonly HierarchyEntry[] | null | undefined): HierarchyEntry[] {
  const entries = Array.isArray(hierarchy) ? hierarchy : ((hierarchy as Hierarchy | null | undefined)?.default ?? []);
  return entries
    .filter((entry: HierarchyEntry) => entry.LEVEL === CHILD_CATEGORY_LEVEL)
    .sort((a: HierarchyEntry, b: HierarchyEntry) => byName(a.title, b.title) || a.id - b.id);
}
