/**
 * The products' part numbers as columns, as the equipment catalogue (catalogue.ts) is built from
 * them: each number's product, kind, text and the hash of its normalised form, in the order read.
 * The repository reads them a batch at a time into these columns, so no row outlives its batch:
 * two million rows read as objects and held until the build kept the collector busy for seconds of
 * a start (a read that keeps no row takes about half the time of one that keeps them all).
 * @module
 */
import type { PartNumberKind } from '../../../api/types.ts';

/** A part number as read, with its normalised form (search/text.ts normalizePartNumber). */
export interface PartNumberRow {
  productId: number;
  number: string;
  normalized: string;
  kind: PartNumberKind;
}

/** The kinds' order in a product's numbers: OEM, aftermarket, then superseded. */
export const KIND_RANK: Readonly<Record<PartNumberKind, number>> = { oem: 0, aftermarket: 1, supersedes: 2 };
/** The kinds by rank. */
export const KINDS: readonly PartNumberKind[] = ['oem', 'aftermarket', 'supersedes'];

/** A 32-bit hash of a normalised number (FNV-1a over its UTF-16 code units). */
export function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Part numbers as columns, appended a row at a time (the arrays grow by doubling; `length` rows are in use). */
export class PartNumberColumns {
  length = 0;
  productId = new Int32Array(64);
  /** KIND_RANK of each number's kind. */
  kind = new Uint8Array(64);
  /** keyHash of each normalised number. */
  hash = new Uint32Array(64);
  /** 1 where the number normalises to something (a number of only separators is held by no key). */
  held = new Uint8Array(64);
  readonly number: string[] = [];

  /** Columns of rows (tests, small catalogues). */
  static of(rows: readonly PartNumberRow[]): PartNumberColumns {
    const columns = new PartNumberColumns();
    for (const row of rows) columns.add(row);
    return columns;
  }

  /** Appends a row. */
  add(row: PartNumberRow): void {
    const at = this.length;
    if (at === this.productId.length) this.grow(at * 2);
    this.productId[at] = row.productId;
    this.kind[at] = KIND_RANK[row.kind];
    this.held[at] = row.normalized === '' ? 0 : 1;
    this.hash[at] = row.normalized === '' ? 0 : keyHash(row.normalized);
    this.number.push(row.number);
    this.length = at + 1;
  }

  private grow(size: number): void {
    this.productId = copied(this.productId, new Int32Array(size));
    this.kind = copied(this.kind, new Uint8Array(size));
    this.hash = copied(this.hash, new Uint32Array(size));
    this.held = copied(this.held, new Uint8Array(size));
  }
}

/** `to` holding `from` at its start. */
function copied<T extends Int32Array | Uint8Array | Uint32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
