/**
 * The one error of a file read in as a whole (a catalogue, a redirects CSV): the file cannot be
 * read at all (not UTF-8 text, not valid CSV, a column named twice, a header the reader's caller
 * refuses), so nothing of it is taken.
 * @module
 */

/** A fatal problem with the file as a whole: the import stops, nothing is written. */
export class ImportError extends Error {
  /** The line at fault, when one is. */
  readonly line: number | null;
  constructor(message: string, line: number | null = null) {
    super(message);
    this.name = 'ImportError';
    this.line = line;
  }
}
