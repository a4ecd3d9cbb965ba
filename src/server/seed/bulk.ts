/**
 * Writing a whole generated catalogue into a fresh database fast: on SQLite, the secondary
 * indexes of the tables written are dropped for the writes and built again at the end, inside the
 * caller's transaction (so either the rows and their indexes land, or nothing does), with a larger
 * page cache while it runs. Building an index once over sorted keys is several times cheaper than
 * keeping it through a million random inserts: at 100,000 products the catalogue's writes went
 * from 22 to 13 s (npm run bench:scale). PostgreSQL runs the writes as they are.
 * @module
 */
import type { Db } from '../platform/db/database.ts';

/**
 * Pages SQLite keeps in memory during a bulk write, in KiB (a negative cache_size). 64 MiB holds
 * the unique handle index of a million products, which is written in random order.
 * @default 65536
 */
export const BULK_CACHE_KIB = 65_536;

/**
 * The page cache of the equipment's writes, in KiB: its rows come in key order, and SQLite sizes
 * the sorter that builds an index from the same setting, so a smaller cache keeps the index builds
 * of 2 million part numbers from adding 64 MiB to the seed's peak (a million products: 592 MB with
 * 64 MiB).
 * @default 16384
 */
export const EQUIPMENT_CACHE_KIB = 16_384;

/**
 * Runs `write` with the secondary indexes of `tables` dropped, then builds them again, all in the
 * transaction `tx` (SQLite; elsewhere `write` alone), with a page cache of `cacheKib` KiB. Only indexes created by the schema (those
 * with SQL) are dropped: the ones behind a PRIMARY KEY or UNIQUE constraint stay.
 * @example
 * await db.transaction((tx) => withIndexesBuiltAfter(tx, ['products', 'variants'], () => writeRows(tx)));
 */
export async function withIndexesBuiltAfter<T>(tx: Db, tables: readonly string[], write: () => Promise<T>, cacheKib = BULK_CACHE_KIB): Promise<T> {
  if (tx.dialect.name !== 'sqlite' || tables.length === 0) return write();
  const indexes = await tx.all<{ name: string; sql: string }>(
    `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${tables.map(() => '?').join(', ')}) ORDER BY name`,
    tables,
  );
  const cache = (await tx.get<{ cache_size: number }>('PRAGMA cache_size'))?.cache_size;
  await tx.exec(`PRAGMA cache_size = -${Math.trunc(cacheKib)}`);
  try {
    for (const index of indexes) await tx.exec(`DROP INDEX "${index.name.replaceAll('"', '""')}"`);
    const result = await write();
    for (const index of indexes) await tx.exec(index.sql);
    return result;
  } finally {
    if (cache !== undefined) await tx.exec(`PRAGMA cache_size = ${Math.trunc(cache)}`);
  }
}
