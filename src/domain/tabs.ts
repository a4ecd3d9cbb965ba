/**
 * The keyboard rule of a tab list, the one every tab list of the storefront follows (the
 * product page's tabs, the wallet's): tabs in a row, where ArrowRight moves to the next tab and
 * from the last back to the first, ArrowLeft to the previous and from the first back to the
 * last, Home to the first and End to the last (the WAI-ARIA tabs pattern, activation follows
 * focus). Any other key moves nowhere, so the view leaves it to the browser.
 * @module
 */

/** The keys that move within a tab list. */
export const TAB_KEYS = ['ArrowRight', 'ArrowLeft', 'Home', 'End'] as const;

/** A key that moves within a tab list. */
export type TabKey = (typeof TAB_KEYS)[number];

/** Whether a key moves within a tab list (the view then prevents the browser's own use of it). */
export function isTabKey(key: string): key is TabKey {
  return (TAB_KEYS as readonly string[]).includes(key);
}

/**
 * The index of the tab a key moves to from the tab at `index` among `count` tabs, wrapping at
 * both ends; `null` for a key that is not a tab key or a list without tabs. From no tab (an
 * index outside the list) ArrowRight goes to the first tab and ArrowLeft to the last.
 *
 * @example
 * tabIndexAfterKey('ArrowRight', 2, 3); // 0 (from the last tab back to the first)
 * tabIndexAfterKey('ArrowLeft', 0, 3); // 2
 * tabIndexAfterKey('End', 0, 3); // 2
 * tabIndexAfterKey('Enter', 1, 3); // null
 */
export function tabIndexAfterKey(key: string, index: number, count: number): number | null {
  if (!isTabKey(key) || !Number.isSafeInteger(count) || count <= 0) return null;
  const last = count - 1;
  const inList = Number.isSafeInteger(index) && index >= 0 && index <= last;
  switch (key) {
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'ArrowRight':
      return inList && index < last ? index + 1 : 0;
    case 'ArrowLeft':
      return inList && index > 0 ? index - 1 : last;
  }
}
