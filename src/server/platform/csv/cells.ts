/**
 * A CSV cell's two spellings: the spreadsheet-formula guard an export writes and the reader
 * undoes, and a cell's value as a message quotes it.
 * @module
 */

/** The value as the report quotes it: shortened, control characters shown as spaces. */
export function shown(value: string, max = 60): string {
  // eslint-disable-next-line no-control-regex
  const flat = value.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/;

/**
 * A cell as written into a CSV: a cell a spreadsheet would run as a formula (starting with `=`,
 * `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, as OWASP advises for CSV
 * injection. A cell already starting with quotes before such a character gets one more, so
 * {@link unescapeCell} gives back exactly what was stored.
 * @example
 * escapeCell('=HYPERLINK("x")'); // "'=HYPERLINK(\"x\")"
 * escapeCell('-10 PSI'); // "'-10 PSI"
 */
export function escapeCell(value: string): string {
  return FORMULA_START.test(value) || ESCAPED_FORMULA.test(value) ? `'${value}` : value;
}

/**
 * Undoes {@link escapeCell}: one leading `'` before a formula character is the export's guard,
 * not the operator's text.
 * @example
 * unescapeCell("'=SUM(A1)"); // '=SUM(A1)'
 * unescapeCell("'Twas"); // "'Twas" (no formula behind the quote: kept)
 */
export function unescapeCell(value: string): string {
  return ESCAPED_FORMULA.test(value) ? value.slice(1) : value;
}
