/**
 * The catalogue log in the database (migration 006, table `catalogue_log`): the version the
 * change feed catches up from (scale/change-feed.ts).
 *
 * A catalogue write records its change with {@link recordCatalogueChange} through its own
 * transaction's handle, as the transaction's last statement: the log row commits with the write
 * or not at all, so a process killed after the commit (before it publishes on Redis) still leaves
 * the change for the other processes to catch up from. The write then hands the version to
 * `app.catalogue.reindex(ids, version)`, which publishes it.
 * @module
 */
import type { Db } from '../db/database.ts';
import type { CatalogueLog, CatalogueLogEntry } from './change-feed.ts';

/** Entries kept; older ones are trimmed as new ones are appended. @default 10000 */
export const CATALOGUE_LOG_KEEP = 10_000;

/** A catalogue change as recorded: the products it touched and its version in the log. */
export interface CatalogueChange {
  ids: number[];
  version: number;
}

async function append(db: Db, ids: readonly number[], keep: number): Promise<number> {
  const row = await db.get<{ version: number }>(
    'INSERT INTO catalogue_log (product_ids, created_at) VALUES (?, ?) RETURNING version',
    [JSON.stringify([...ids]), new Date().toISOString()],
  );
  if (!row) throw new Error('catalogue_log insert returned no version');
  // trimmed now and then, not on every write
  if (row.version % 100 === 0) await db.run('DELETE FROM catalogue_log WHERE version <= ?', [row.version - keep]);
  return Number(row.version);
}

/**
 * Records a catalogue change in the log. Call it with the write's transaction handle (`tx`), as
 * the last statement before the commit, so the row commits with the write it records.
 * @example
 * const change = await db.transaction(async (tx) => {
 *   await tx.run('UPDATE products SET ...', [...]);
 *   return await recordCatalogueChange(tx, [productId]);
 * });
 * await app.catalogue.reindex(change.ids, change.version);
 */
export async function recordCatalogueChange(tx: Db, ids: readonly number[], keep: number = CATALOGUE_LOG_KEEP): Promise<CatalogueChange> {
  const unique = [...new Set(ids)];
  return { ids: unique, version: await append(tx, unique, keep) };
}

/**
 * The log over the store's database.
 * @example
 * const log = sqlCatalogueLog(db);
 * const v = await log.append([42]);
 */
export function sqlCatalogueLog(db: Db, keep: number = CATALOGUE_LOG_KEEP): CatalogueLog {
  return {
    append: (ids) => append(db, ids, keep),
    async since(version, limit) {
      const rows = await db.all<{ version: number; product_ids: string }>(
        'SELECT version, product_ids FROM catalogue_log WHERE version > ? ORDER BY version LIMIT ?',
        [version, limit],
      );
      return rows.map((r): CatalogueLogEntry => ({ version: Number(r.version), ids: JSON.parse(r.product_ids) as number[] }));
    },
    async latest() {
      return Number((await db.get<{ v: number | null }>('SELECT MAX(version) AS v FROM catalogue_log'))?.v ?? 0);
    },
    async oldest() {
      return Number((await db.get<{ v: number | null }>('SELECT MIN(version) AS v FROM catalogue_log'))?.v ?? 0);
    },
  };
}
