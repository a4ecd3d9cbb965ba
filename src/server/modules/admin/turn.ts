/**
 * A turn of the event loop for the store between an operator request's statements. The embedded
 * database (SQLite) answers a statement on the thread that serves the storefront, so an operator's
 * request of several statements (an order's page reads eight tables, a list its rows then their
 * stock and pictures) would hold a shopper's cart-add or search for all of them: between two
 * statements it waits its turn instead, and a shopper's request that came meanwhile goes first.
 * PostgreSQL's statements wait off the thread already: nothing to do there. Never call it inside a
 * transaction (SQLite's holds the write lock, which every other writer then waits for).
 * @module
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../platform/db/database.ts';

/**
 * Yields once to the event loop's pending work (I/O, timers) when `db` answers on this thread.
 * @example
 * const rows = await repo.listProducts(db, filter);
 * await storeTurn(db); // a shopper's request waiting since goes first
 * const levels = await repo.levelsOf(db, ids);
 */
export async function storeTurn(db: Db): Promise<void> {
  if (db.sync) await nextTurn();
}
