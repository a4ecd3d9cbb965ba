/**
 * The store's stock locations (inventory levels): where the generated store keeps its stock and
 * where an import puts stock that names no location.
 * @module
 */

/** Stock locations, the first the default. */
export const LOCATIONS: readonly string[] = ['Kent, WA warehouse', 'Spokane, WA warehouse'];
