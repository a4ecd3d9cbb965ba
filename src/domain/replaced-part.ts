/**
 * The sentence of a superseded part number, on its own so the pages that show it (search results,
 * the old part's page) do not load the equipment rules with their first view.
 * @module
 */

/**
 * 'Part X was replaced by Y'.
 * @example
 * partReplacedText('KTW-3407-B', 'KTW-3407-C'); // 'Part KTW-3407-B was replaced by KTW-3407-C'
 */
export function partReplacedText(number: string, replacement: string): string {
  return `Part ${number} was replaced by ${replacement}`;
}
