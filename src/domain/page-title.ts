/**
 * Page titles ("The page title gets the store name appended if absent"),
 * shared by every page; a module of its own so the listing and account pages do not load the
 * product page's rules for it.
 *
 * @module
 */

/**
 * Separator between a page title and the appended store name, as in the
 * spec's 'Search results - {store name}'.
 * @default ' - '
 */
export const TITLE_SEPARATOR = ' - ';

/**
 * A page title with the store name appended when absent.
 *
 * 'Absent' is checked case-insensitively anywhere in the title ('Skimmer
 * pumps' already names the store 'SKIMMER'), so the rule is idempotent. The
 * title is trimmed; an empty title gives the store name alone, an empty store
 * name leaves the title as it is.
 *
 * @example
 * pageTitle('Pump Basket', 'Skimmer');          // 'Pump Basket - Skimmer'
 * pageTitle('Skimmer: Pump Basket', 'skimmer'); // 'Skimmer: Pump Basket'
 */
export function pageTitle(title: string | null | undefined, storeName: string): string {
  const base = (title ?? '').trim();
  const store = storeName.trim();
  if (!store) return base;
  if (!base) return store;
  return base.toLowerCase().includes(store.toLowerCase()) ? base : `${base}${TITLE_SEPARATOR}${store}`;
}
