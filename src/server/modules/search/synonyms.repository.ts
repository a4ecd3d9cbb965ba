/**
 * The operator's search synonyms, kept in the `search_synonyms` table (migration 005): one
 * row per group, its words or phrases separated by commas. The server reads them when it
 * builds the search index at start-up (see Synonyms in words.ts for how they match).
 * @module
 */
import type { Db } from '../../platform/db/database.ts';

/**
 * The synonym groups of a migrated database, in row order; rows with fewer than two entries
 * are skipped.
 * Awaits the rows, so it serves a synchronous and an asynchronous database handle alike.
 * @example createSearchIndex(searchDocuments(db, tree), { synonyms: await loadSearchSynonyms(db) })
 */
export async function loadSearchSynonyms(db: Db): Promise<string[][]> {
  const rows = await db.all<{ terms: string }>('SELECT terms FROM search_synonyms ORDER BY id');
  return rows.map((row) => parseSynonymGroup(row.terms)).filter((group) => group.length >= 2);
}

/** One row's entries: split on commas, trimmed, blanks dropped. */
export function parseSynonymGroup(terms: string): string[] {
  return terms.split(',').map((t) => t.trim()).filter((t) => t !== '');
}
