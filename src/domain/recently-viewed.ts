/**
 * The recently viewed list: at most 25 product ids, newest first, no
 * duplicates, kept in local storage under 'recentlyViewed'.
 * @module
 */

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
 * The cards of a list, in the list's order: an id the answer has no card for (a product no
 * longer sold) is left out, and a card the list does not name is not shown.
 *
 * @example
 * cardsInListOrder([3, 1], [{ id: 1 }, { id: 2 }, { id: 3 }]); // [{ id: 3 }, { id: 1 }]
 */
export function cardsInListOrder<T extends { id: number }>(ids: readonly number[], cards: readonly T[]): T[] {
  const byId = new Map(cards.map((card) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
