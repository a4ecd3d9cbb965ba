/**
 * Reading operator tables from CSV rows: the rows arrive already split by a CSV parser (on the
 * server), and this turns them into typed records, or a list of problems in plain words with the
 * line and column of each, so a bad file is refused whole with everything wrong said at once.
 * @module
 */

/** CSV rows: the first is the header, every row an array of cells. */
export type CsvRows = readonly (readonly string[])[];

/** One thing wrong with a table file. */
export interface TableProblem {
  /** The file, when a set of files was read together. */
  file?: string;
  /** 1-based line of the file (the header is line 1). */
  line: number;
  /** Header of the column at fault, when one is. */
  column?: string;
  /** What is wrong, in plain words, e.g. "Rate '7,5%' on line 12 is not a number". */
  message: string;
}

/** A table read whole, or the problems that stop it. */
export type TableResult<T> = { ok: true; value: T } | { ok: false; problems: TableProblem[] };

/** Most problems reported for one file: after that, one line says how many more there were. */
export const MAX_TABLE_PROBLEMS = 50;

/** A column a table needs. */
export interface ColumnSpec {
  /** Header as written in the file (matched without case, spaces or underscores). */
  header: string;
  /** What the column is called in messages, e.g. 'Rate'. */
  label: string;
  /** A column that may be absent or empty. @default false */
  optional?: boolean;
}

/** A cell parser: the value, or the end of the message after "{label} '{cell}' on line {n} ". */
export type CellResult<T> = { ok: true; value: T } | { ok: false; reason: string };

const squash = (s: string) => s.replace(/[\s_-]+/g, '').toLowerCase();

/**
 * Reads CSV rows against column specs: finds each column in the header, skips blank lines, and
 * hands each data row to `read` with a cell getter. `read` reports problems with `fail`.
 * @example
 * readCsv([['Zip3', 'State'], ['981', 'WA']], [{ header: 'Zip3', label: 'ZIP3' }, { header: 'State', label: 'State' }],
 *   (cell) => ({ zip3: cell('Zip3'), state: cell('State') }));
 */
export function readCsv<T>(
  rows: CsvRows,
  columns: readonly ColumnSpec[],
  read: (cell: (header: string) => string, line: number, fail: (header: string | null, message: string) => void) => T | null,
  options: { firstLine?: number } = {},
): TableResult<T[]> {
  const firstLine = options.firstLine ?? 1;
  const problems: TableProblem[] = [];
  let extra = 0;
  const report = (p: TableProblem) => {
    if (problems.length < MAX_TABLE_PROBLEMS) problems.push(p);
    else extra += 1;
  };
  const header = rows[0];
  if (!header || header.every((c) => c.trim() === '')) {
    return { ok: false, problems: [{ line: firstLine, message: `The file is empty: line ${firstLine} should be the header (${columns.map((c) => c.header).join(', ')})` }] };
  }
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    const key = squash(h.replace(/^\uFEFF/, ''));
    if (!index.has(key)) index.set(key, i);
  });
  for (const column of columns) {
    if (!column.optional && !index.has(squash(column.header))) {
      report({ line: firstLine, column: column.header, message: `The header on line ${firstLine} has no '${column.header}' column` });
    }
  }
  if (problems.length) return { ok: false, problems };
  const values: T[] = [];
  for (let r = 1; r < rows.length; r += 1) {
    const row = rows[r]!;
    const line = firstLine + r;
    if (row.every((c) => c.trim() === '')) continue;
    let failed = false;
    const cell = (h: string) => {
      const i = index.get(squash(h));
      return i === undefined ? '' : (row[i] ?? '').trim();
    };
    const fail = (h: string | null, message: string) => {
      failed = true;
      report(h ? { line, column: h, message } : { line, message });
    };
    const value = read(cell, line, fail);
    if (!failed && value !== null) values.push(value);
  }
  if (extra > 0) problems.push({ line: firstLine + rows.length - 1, message: `…and ${extra} more problems` });
  return problems.length ? { ok: false, problems } : { ok: true, value: values };
}

/**
 * Reads one cell with a parser and, when it does not parse, reports
 * "{label} '{cell}' on line {n} {reason}" (an empty cell: "{label} is missing on line {n}").
 */
export function cellValue<T>(
  cell: (header: string) => string,
  line: number,
  fail: (header: string | null, message: string) => void,
  column: ColumnSpec,
  parse: (text: string) => CellResult<T>,
): T | undefined {
  const text = cell(column.header);
  if (text === '') {
    if (!column.optional) fail(column.header, `${column.label} is missing on line ${line}`);
    return undefined;
  }
  const result = parse(text);
  if (result.ok) return result.value;
  fail(column.header, `${column.label} '${text}' on line ${line} ${result.reason}`);
  return undefined;
}

/** A whole number from `min` to `max`. */
export function wholeNumber(min: number, max: number): (text: string) => CellResult<number> {
  return (text) => {
    if (!/^-?\d+$/.test(text)) return { ok: false, reason: 'is not a whole number' };
    const n = Number(text);
    return n >= min && n <= max ? { ok: true, value: n } : { ok: false, reason: `is not between ${min} and ${max}` };
  };
}

/** A number of pounds above 0 (decimals allowed). */
export function positiveNumber(max: number): (text: string) => CellResult<number> {
  return (text) => {
    if (!/^\d+(\.\d+)?$/.test(text)) return { ok: false, reason: 'is not a number' };
    const n = Number(text);
    return n > 0 && n <= max ? { ok: true, value: n } : { ok: false, reason: `is not above 0 and at most ${max}` };
  };
}

/** A price in dollars (`12.45`, `$12.45`, `12`) read exactly into cents. */
export function dollars(text: string): CellResult<number> {
  const m = /^\$?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return { ok: false, reason: 'is not a price in dollars like 12.45' };
  return { ok: true, value: Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) };
}

/** A ZIP3 prefix (`981`; `5` or `05` are read as `005`, as a spreadsheet drops leading zeros). */
export function zip3Cell(text: string): CellResult<string> {
  return /^\d{1,3}$/.test(text) ? { ok: true, value: text.padStart(3, '0') } : { ok: false, reason: 'is not a 3-digit ZIP prefix' };
}

/** A ZIP5 (`02108`; `2108` is read as `02108`, as a spreadsheet drops leading zeros). */
export function zip5Cell(text: string): CellResult<string> {
  return /^\d{3,5}$/.test(text) ? { ok: true, value: text.padStart(5, '0') } : { ok: false, reason: 'is not a 5-digit ZIP code' };
}

/** A two-letter state code, upper-cased. */
export function stateCell(text: string): CellResult<string> {
  return /^[A-Za-z]{2}$/.test(text) ? { ok: true, value: text.toUpperCase() } : { ok: false, reason: 'is not a two-letter state code' };
}

/** yes/no, true/false, y/n, 1/0. */
export function yesNo(text: string): CellResult<boolean> {
  const t = text.toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(t)) return { ok: true, value: true };
  if (['no', 'n', 'false', '0'].includes(t)) return { ok: true, value: false };
  return { ok: false, reason: 'is not yes or no' };
}

/**
 * A rate as a decimal fraction (`0.0725` for 7.25 %), read exactly into parts per million, at most
 * `maxPpm`. Six decimals are what the rate vendors publish; more is refused rather than rounded.
 */
export function ratePpm(maxPpm: number): (text: string) => CellResult<number> {
  return (text) => {
    const m = /^(\d*)\.?(\d*)$/.exec(text);
    if (!m || text === '.' || (m[1] === '' && m[2] === '')) return { ok: false, reason: 'is not a number' };
    if (m[2]!.length > 6) return { ok: false, reason: 'has more than 6 decimals' };
    const ppm = Number(m[1] || '0') * 1_000_000 + Number(m[2]!.padEnd(6, '0'));
    return ppm <= maxPpm ? { ok: true, value: ppm } : { ok: false, reason: `is more than ${maxPpm / 10_000} % (write rates as fractions: 0.0725 for 7.25 %)` };
  };
}
