/**
 * The streaming CSV reader under the catalogue import's Shopify and Volusion parsers and the
 * redirects upload: bytes in (a file stream, a request body), rows out, one at a time, through
 * csv-parse. What it settles before a parser sees a row: the text is UTF-8 (a BOM is dropped; binary data and other encodings stop the import
 * with one clear error), the separator (comma, semicolon or tab, read from the header line), the
 * line endings (CRLF, LF or CR, even mixed), the header (a column named twice stops the import),
 * and each row's line number in the file, for the report. A cell's spreadsheet-formula guard (a
 * leading `'` the export added) is undone here, once for every format.
 * @module
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import { shown, unescapeCell } from './cells.ts';
import { pace } from './pace.ts';
import { ImportError } from './errors.ts';

/**
 * Most characters handed to csv-parse at once: it parses what it is given in one go, so a file
 * read in 256 KB chunks would hold the event loop for a thousand rows at a time. @default 16384
 */
export const PARSE_PIECE_CHARS = 16 * 1024;

/** Longest row csv-parse buffers (a row with a 10 MB description still reads). @default 64 MiB */
export const MAX_RECORD_CHARS = 64 * 1024 * 1024;

/** A row of a CSV file with the header's names. */
export interface CsvRow {
  /** The row's first line in the file (the header is line 1). */
  line: number;
  /** The cell under a column (empty when the row has no such cell or the file no such column). */
  get(column: string): string;
  /** Whether the file has the column. */
  has(column: string): boolean;
  /** Cells past the header's width (a row with more cells than the header has names). */
  extra: number;
}

/** What the reader found in the header. */
export interface CsvHeader {
  columns: string[];
  delimiter: string;
}

/** Bytes (or text) in, in chunks: a file stream, a request body, a string in a test. */
export type ByteSource = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

/** Decodes UTF-8 chunk by chunk, refusing binary data and invalid bytes with one clear error. */
async function* utf8(source: ByteSource): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let offset = 0;
  for await (const chunk of source as AsyncIterable<Uint8Array | string>) {
    let text: string;
    if (typeof chunk === 'string') text = chunk;
    else {
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        throw new ImportError(`The file is not UTF-8 text (an invalid byte near byte ${offset.toLocaleString('en-US')}); save it as "CSV UTF-8" and try again.`);
      }
      offset += chunk.byteLength;
    }
    const nul = text.indexOf('\u0000');
    if (nul >= 0) throw new ImportError('The file holds binary data (a NUL byte), not CSV text.');
    if (text.length > 0) yield text;
  }
  try {
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch {
    throw new ImportError('The file is not UTF-8 text (it ends inside a character).');
  }
}

/** Longest line of a JSON Lines file. @default 64 MiB */
export const MAX_LINE_CHARS = 64 * 1024 * 1024;

/**
 * The lines of a UTF-8 text (LF or CRLF), numbered from 1, for line formats (JSON Lines).
 * @throws ImportError on binary data, invalid UTF-8 or a line above {@link MAX_LINE_CHARS}
 */
export async function* utf8Lines(source: ByteSource): AsyncGenerator<{ line: number; text: string }> {
  let rest = '';
  let line = 0;
  let first = true;
  for await (let chunk of utf8(source)) {
    if (first) {
      chunk = chunk.replace(/^\uFEFF/, '');
      first = false;
    }
    rest += chunk;
    let at: number;
    while ((at = rest.indexOf('\n')) >= 0) {
      line++;
      await pace();
      yield { line, text: rest.slice(0, at).replace(/\r$/, '') };
      rest = rest.slice(at + 1);
    }
    if (rest.length > MAX_LINE_CHARS) throw new ImportError(`Line ${line + 1} is longer than ${MAX_LINE_CHARS / 1024 / 1024} MB.`, line + 1);
  }
  if (rest !== '') yield { line: line + 1, text: rest.replace(/\r$/, '') };
}

/** The separator of the header line: the most frequent of comma, semicolon and tab outside quotes. */
export function detectDelimiter(headerLine: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const c of headerLine) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c in counts) counts[c]!++;
  }
  let best = ',';
  for (const d of [';', '\t']) if ((counts[d] ?? 0) > (counts[best] ?? 0)) best = d;
  return best;
}

/** csv-parse's error codes, in plain words. */
function csvErrorText(err: CsvError): string {
  switch (err.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted cell is never closed (a " is missing)';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'a quoted cell has text after its closing quote (write a " inside a cell as "")';
    case 'CSV_MAX_RECORD_SIZE':
      return `a row is longer than ${(MAX_RECORD_CHARS / 1024 / 1024).toFixed(0)} MB`;
    default:
      return err.message.replace(/^[A-Za-z ]+: /, '');
  }
}

/**
 * Reads a CSV file: `onHeader` gets the header, then the rows come one at a time.
 * `lowerCase` reads the header's names in lower case (Volusion's columns, whatever case a file writes them in).
 * @throws ImportError when the file is empty, not UTF-8 text, not valid CSV, or names a column twice
 * @example
 * for await (const row of readCsv(createReadStream(file), (h) => check(h.columns))) row.get('Handle');
 */
export async function* readCsv(source: ByteSource, onHeader: (header: CsvHeader) => void, options: { lowerCase?: boolean } = {}): AsyncGenerator<CsvRow> {
  const text = utf8(source);
  // the header line decides the separator: read up to it before parsing
  const head: string[] = [];
  let seen = '';
  for (;;) {
    const next = await text.next();
    if (next.done) break;
    head.push(next.value);
    seen += next.value;
    if (/[\r\n]/.test(seen) || seen.length > 1_000_000) break;
  }
  const firstLine = seen.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/, 1)[0] ?? '';
  if (seen.replace(/^\uFEFF/, '').trim() === '') throw new ImportError('The file is empty.');
  const delimiter = detectDelimiter(firstLine);

  async function* whole(): AsyncGenerator<string> {
    let first = true;
    for (const chunk of head) {
      yield first ? chunk.replace(/^\uFEFF/, '') : chunk;
      first = false;
    }
    yield* text;
  }
  // in pieces, with turns of the event loop between them (pace.ts)
  async function* all(): AsyncGenerator<string> {
    for await (const chunk of whole()) {
      for (let at = 0; at < chunk.length; at += PARSE_PIECE_CHARS) {
        await pace();
        yield chunk.slice(at, at + PARSE_PIECE_CHARS);
      }
    }
  }
  const parser = parse({
    delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    max_record_size: MAX_RECORD_CHARS,
  });
  const feeding = pipeline(Readable.from(all(), { objectMode: false }), parser).catch(() => undefined);

  let columns: string[] | null = null;
  let index = new Map<string, number>();
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      await pace();
      let inner = 0;
      for (const cell of record) for (const m of cell.matchAll(/\r\n|\n|\r/g)) if (m) inner++;
      const line = info.lines - inner;
      if (!columns) {
        columns = record.map((c) => (options.lowerCase ? c.trim().toLowerCase() : c.trim()));
        const at = new Map<string, number>();
        columns.forEach((name, i) => {
          if (name === '') return;
          const before = at.get(name);
          if (before !== undefined) throw new ImportError(`Column '${shown(name, 60)}' appears twice in the header (columns ${before + 1} and ${i + 1}).`, 1);
          at.set(name, i);
        });
        index = at;
        onHeader({ columns: columns.filter((c) => c !== ''), delimiter });
        continue;
      }
      const cells = record;
      const width = columns.length;
      let extra = 0;
      for (let i = width; i < cells.length; i++) if ((cells[i] ?? '').trim() !== '') extra++;
      yield {
        line,
        get: (column) => {
          const i = index.get(column);
          return i === undefined ? '' : unescapeCell(cells[i] ?? '');
        },
        has: (column) => index.has(column),
        extra,
      };
    }
  } catch (err) {
    if (err instanceof CsvError) {
      const line = typeof (err as { lines?: unknown }).lines === 'number' ? ((err as unknown as { lines: number }).lines) : null;
      throw new ImportError(`The file is not valid CSV${line ? ` at line ${line}` : ''}: ${csvErrorText(err)}.`, line);
    }
    throw err;
  } finally {
    parser.destroy();
    await feeding;
  }
  if (!columns) throw new ImportError('The file is empty.');
}
