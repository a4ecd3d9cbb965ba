/**
 * What the search index's snapshot is checked against in the database (snapshot-file.ts): the
 * collections (their titles are words of their products) and the count of products.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';

/** Every collection's id, title and parent, by id: a change to any makes the snapshot stale. */
export async function collectionsForSnapshot(db: Db): Promise<{ id: number; title: string; parent_id: number | null }[]> {
  return await db.all<{ id: number; title: string; parent_id: number | null }>('SELECT id, title, parent_id FROM collections ORDER BY id');
}

/** How many products the catalogue holds (a snapshot caught up must hold as many). */
export async function productCount(db: Db): Promise<number> {
  return Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM products'))?.n ?? 0);
}
