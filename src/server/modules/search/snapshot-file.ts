/**
 * The search index's snapshot on disk: a store starts from it in seconds instead of reading and
 * tokenising the whole catalogue (a million products took minutes), then catches up with the
 * catalogue log. Written after the index is built from the database, and again when the
 * catalogue has changed (every SEARCH_SNAPSHOT_MINUTES, and when the store closes).
 *
 * What makes a snapshot current, checked at every start (otherwise the index is built from the
 * database and the snapshot written again):
 * - its key: the search code (the index's files and the catalogue's document reader, hashed),
 *   the collections (titles are words of their products), the equipment catalogue's part
 *   numbers (a product is found by its cross-references) and the synonyms (the fast index checks
 *   those itself);
 * - its version in the catalogue log: the log still holds every change after it (the store's
 *   writes record their change in the write's own transaction). The products of those changes,
 *   and of the few before it (a write committed while the snapshot was being written may not be
 *   in it), are read again from the database, as the change feed would;
 * - after that, it holds as many products as the database.
 * The selection prints (prints.ts) are kept in a file beside it, stamped with the same id.
 * @module
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../platform/db/database.ts';
import type { CatalogueLog } from '../../platform/scale/change-feed.ts';
import { SnapshotError, SnapshotReader, SnapshotWriter } from './fast/snapshot.ts';
import { loadFastSearchIndex, readSnapshotMeta } from './fast/index.ts';
import type { SelectionPrints } from './prints.ts';
import { collectionsForSnapshot, productCount } from './snapshot.repository.ts';
import type { SearchDocument, SearchIndex, SearchIndexOptions } from './types.ts';

/** Log entries before a snapshot's version read again at load (writes that committed while it was written). @default 16 */
export const SNAPSHOT_REREAD = 16;

/** What a snapshot records of what it was built from. */
interface SnapshotMeta {
  key: string;
  version: number;
  /** Shared with the prints' file. */
  id: string;
}

/** Where the snapshot is and what it must match. */
export interface SnapshotPlace {
  /** The snapshot file (the prints go to `${path}.prints`). */
  path: string;
  /** searchSnapshotKey's answer for this store. */
  key: string;
}

/** The code the index's words and documents come from: a change to it makes every snapshot stale. */
function codeDigest(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const hash = createHash('sha256');
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts')) files.push(path);
    }
  };
  walk(here);
  files.push(join(here, '../catalogue/repository.ts'), join(here, '../../../domain/search.ts'), join(here, '../../../domain/price-phrase.ts'), join(here, '../../../domain/call-for-price.ts'));
  for (const path of files) hash.update(path.slice(here.length)).update(existsSync(path) ? readFileSync(path) : 'none');
  return hash.digest('base64url');
}

let code: string | undefined;

/**
 * The key a card file (card-file.ts) must carry to be used: the code cards are read and written
 * with (the search code's digest, which holds the card store and the catalogue's reads, and the
 * domain rules a card's values come from), and their fields.
 */
export function cardFileKey(fields: readonly string[]): string {
  code ??= codeDigest();
  const here = dirname(fileURLToPath(import.meta.url));
  const hash = createHash('sha256').update(code).update('cards').update(JSON.stringify(fields));
  for (const rule of ['variants.ts', 'ratings.ts', 'money.ts']) {
    const path = join(here, '../../../domain', rule);
    hash.update(rule).update(existsSync(path) ? readFileSync(path) : 'none');
  }
  return hash.digest('base64url').slice(0, 32);
}

/**
 * The key a snapshot must carry to be loaded: the search code, the collections and the equipment
 * catalogue's part numbers (`equipment`: any text that changes with them, e.g. their count).
 */
export async function searchSnapshotKey(db: Db, equipment: string): Promise<string> {
  code ??= codeDigest();
  const collections = await collectionsForSnapshot(db);
  return createHash('sha256').update(code).update(JSON.stringify(collections)).update(equipment).digest('base64url').slice(0, 32);
}

/** A snapshot read back and brought up to date, or why it was not. */
export type OpenedSnapshot =
  | { index: SearchIndex; version: number; reread: number; bytes: number; mapped: boolean }
  | { index: null; reason: string };

/**
 * Reads the snapshot at `place.path` when it is current (see the module's notes), fills `prints`
 * from its prints' file, and reads again the products changed since (`readDocs`); null with a
 * reason otherwise (no file, another key, the log trimmed past it, another count).
 */
export async function openSearchSnapshot(
  place: SnapshotPlace,
  args: { db: Db; log: CatalogueLog; options: SearchIndexOptions; prints: SelectionPrints; extraPartNumbers: (id: number) => readonly string[]; readDocs: (ids: readonly number[]) => Promise<SearchDocument[]>; map?: boolean },
): Promise<OpenedSnapshot> {
  if (!existsSync(place.path)) return { index: null, reason: 'no snapshot yet' };
  const size = statSync(place.path).size;
  // its first section says whether it is current, before the whole index is read
  let meta: Partial<SnapshotMeta>;
  try {
    meta = readSnapshotMeta(place.path) as Partial<SnapshotMeta>;
  } catch (err) {
    if (unreadable(err)) return { index: null, reason: `unreadable: ${(err as Error).message}` };
    throw err;
  }
  if (meta.key !== place.key || typeof meta.version !== 'number' || typeof meta.id !== 'string') return { index: null, reason: 'built for other code, collections or equipment' };
  const latest = await args.log.latest();
  if (latest < meta.version) return { index: null, reason: 'the catalogue log is behind the snapshot (another database)' };
  const oldest = await args.log.oldest();
  if (latest > meta.version && oldest > meta.version + 1) return { index: null, reason: 'the catalogue log no longer holds every change since the snapshot' };
  if (!readPrints(`${place.path}.prints`, meta.id, args.prints)) return { index: null, reason: 'its prints are missing or of another snapshot' };
  let index: SearchIndex;
  let mapped: boolean;
  try {
    ({ index, mapped } = loadFastSearchIndex(place.path, args.options, { map: args.map !== false }));
  } catch (err) {
    if (unreadable(err)) return { index: null, reason: `unreadable: ${(err as Error).message}` };
    throw err;
  }
  const ids = new Set<number>();
  for (let from = Math.max(0, meta.version - SNAPSHOT_REREAD); ;) {
    const entries = await args.log.since(from, 1000);
    if (entries.length === 0) break;
    for (const e of entries) for (const id of e.ids) ids.add(id);
    from = entries[entries.length - 1]!.version;
  }
  const changed = [...ids];
  for (let at = 0; at < changed.length; at += 500) {
    const slice = changed.slice(at, at + 500);
    const docs = await args.readDocs(slice);
    const found = new Set<number>();
    for (const doc of docs) {
      found.add(doc.id);
      args.prints.record(doc, args.extraPartNumbers(doc.id));
      index.upsert(doc);
    }
    for (const id of slice) if (!found.has(id)) { index.remove(id); args.prints.delete(id); }
  }
  const count = await productCount(args.db);
  if (count !== index.size) return { index: null, reason: `it holds ${index.size} products after catching up, the database ${count}` };
  return { index, version: Math.max(latest, meta.version), reread: changed.length, bytes: size, mapped };
}

/**
 * Writes the index's snapshot and the prints beside it (each to a temporary file renamed over
 * the old one); answers the bytes written, or 0 when the index cannot write one.
 */
export function writeSearchSnapshot(place: SnapshotPlace, index: SearchIndex, prints: SelectionPrints, version: number): number {
  if (index.saveSnapshot === undefined) return 0;
  const id = randomUUID();
  const w = new SnapshotWriter();
  w.json({ id });
  prints.save(w);
  // the prints first: a snapshot whose prints' file is of another id is not loaded
  w.writeFile(`${place.path}.prints`);
  const meta: SnapshotMeta = { key: place.key, version, id };
  try {
    return index.saveSnapshot(place.path, meta as unknown as Record<string, unknown>) + w.bytes;
  } catch (err) {
    rmSync(`${place.path}.prints`, { force: true });
    throw err;
  }
}

/** Fills `prints` from the prints' file when it carries `id`; false otherwise. */
function readPrints(path: string, id: string, prints: SelectionPrints): boolean {
  try {
    const r = new SnapshotReader(path);
    try {
      if (r.json<{ id: string }>().id !== id) return false;
      prints.load(r);
      r.end();
      return true;
    } finally {
      r.close();
    }
  } catch (err) {
    if (unreadable(err)) return false;
    throw err;
  }
}

/** Whether an error says a snapshot file cannot be read (another layout, cut short, a file error), not a fault of the store. */
function unreadable(err: unknown): boolean {
  return err instanceof SnapshotError || (err as NodeJS.ErrnoException).code !== undefined;
}
