/**
 * The redirects' rules that need the database. `resolve` answers where an address the store has
 * no page for should lead: the operator's own redirect first, then an old address of the
 * platform the catalogue came from (a Volusion product code or category id, a Shopify handle)
 * when it names something the store holds; anything else is left to the storefront (its own page,
 * or its not-found page). `importCsv` takes an operator's redirects CSV (`from,to`) whole or not
 * at all: every problem is reported by line, chains are collapsed, loops refused.
 * @module
 */
import { createStoreLinks, type LinkPaths } from '../../../domain/urls.ts';
import type { Db } from '../../platform/db/database.ts';
import { audit, type AuditWho } from '../admin/service.ts';
import { ImportError } from '../../platform/csv/errors.ts';
import { readCsv, type ByteSource } from '../../platform/csv/reader.ts';
import {
  allRedirects, collectionByLegacyId, collectionHandleExists, countRedirects, pageIdExists, productByCode, productHandleExists, redirectTo,
  saveLegacyCategories, saveRedirects,
} from './repository.ts';
import { htmPageIdOf, legacyAddress, planRedirects, requestKeys, type RedirectLine } from './rules.ts';
import type { RedirectImportResult, RedirectProblem } from './schemas.ts';

/** The action of a redirects import's audit row. */
export const REDIRECTS_AUDIT_ACTION = 'redirects.import';

/** A redirects CSV refused: one reason for the file, or the lines that cannot be taken. */
export class RedirectImportError extends Error {
  constructor(message: string, readonly problems: RedirectProblem[] = []) {
    super(message);
    this.name = 'RedirectImportError';
  }
}

/** Options of {@link createRedirectService}. */
export interface RedirectServiceOptions {
  db: Db;
  /** The store's configured link paths. */
  paths: () => Promise<LinkPaths>;
  /** The clock of a redirect's creation time. @default () => new Date() */
  now?: () => Date;
}

/** The redirects of a store. */
export interface RedirectService {
  /** Where an address (path and query) leads, or null when the store should answer it itself. */
  resolve(url: string): Promise<string | null>;
  /**
   * Imports a redirects CSV (a header with `from` and `to`, then a redirect a row). `record` is
   * called inside the import's transaction after its writes (the operators' audit row).
   * @throws RedirectImportError with every problem when any row cannot be taken (nothing is written)
   */
  importCsv(source: ByteSource, options?: { record?: (tx: Db, summary: RedirectImportSummary) => Promise<void> }): Promise<RedirectImportResult>;
  /**
   * An operator's redirects CSV, as the admin call takes it: imported with one audit row naming
   * `who` (in the import's transaction: the redirects before and after, the file's lines), or
   * refused with the reason and every line that cannot be taken (nothing is written).
   */
  importUpload(csv: string, who: AuditWho): Promise<RedirectUploadOutcome>;
}

/** What an operator's redirects CSV did, or why nothing of it was taken. */
export type RedirectUploadOutcome = { ok: true; result: RedirectImportResult } | { ok: false; error: string; problems: RedirectProblem[] };

/** What a redirects import's `record` is told. */
export interface RedirectImportSummary {
  /** Redirects stored before the import. */
  before: number;
  /** Lines of the file. */
  lines: number;
  /** Redirects the import wrote (new, or re-pointed). */
  written: number;
  result: RedirectImportResult;
}

/**
 * Records which collection each category id of another platform became, for the categories an
 * import could not keep under their own id (the old `/SearchResults.asp?Cat={id}` and
 * `/{Name}-s/{id}.htm` addresses then still lead to them). Call it with the import's transaction.
 * @example await recordLegacyCategoryIds(tx, [{ legacyId: 2, collectionId: 57 }]);
 */
export async function recordLegacyCategoryIds(tx: Db, pairs: readonly { legacyId: number; collectionId: number }[]): Promise<void> {
  if (pairs.length > 0) await saveLegacyCategories(tx, pairs);
}

/**
 * The redirects of a store.
 * @example
 * const redirects = createRedirectService({ db, paths });
 * await redirects.resolve('/ProductDetails.asp?ProductCode=twad15'); // '/products/tidewell-aquadrive-1-5-hp-pool-pump'
 */
export function createRedirectService(options: RedirectServiceOptions): RedirectService {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const service: RedirectService = {
    async resolve(url) {
      const own = await redirectTo(db, requestKeys(url));
      if (own !== null) return own;
      const paths = await options.paths();
      const old = legacyAddress(url, paths);
      if (old === null) return null;
      // the storefront's '/:handle/{id}.htm' shows the generic page with that id: the store's own page wins
      const pageId = htmPageIdOf(url);
      if (pageId !== null && (await pageIdExists(db, pageId))) return null;
      const links = createStoreLinks(paths);
      switch (old.kind) {
        case 'product-code': {
          const product = await productByCode(db, old.code);
          return product ? links.product(product.handle, { variant: product.variantId }) : null;
        }
        case 'category-id': {
          const handle = await collectionByLegacyId(db, old.id);
          return handle === null ? null : links.collection(handle);
        }
        case 'product-handle':
          return (await productHandleExists(db, old.handle)) ? links.product(old.handle) : null;
        case 'collection-handle':
          return (await collectionHandleExists(db, old.handle)) ? links.collection(old.handle) : null;
      }
    },

    async importCsv(source, options = {}) {
      const lines: RedirectLine[] = [];
      try {
        for await (const row of readCsv(source, (header) => {
          const columns = header.columns.map((c) => c.trim().toLowerCase());
          for (const need of ['from', 'to']) {
            if (!columns.includes(need)) throw new ImportError(`The file has no '${need}' column: its first line must be the header from,to (it is ${header.columns.slice(0, 4).join(',') || 'empty'}).`, 1);
          }
        }, { lowerCase: true })) {
          lines.push({ line: row.line, from: row.get('from'), to: row.get('to') });
        }
      } catch (err) {
        if (err instanceof ImportError) throw new RedirectImportError(err.message);
        throw err;
      }
      if (lines.length === 0) throw new RedirectImportError('The file has no redirects (only a header, or nothing).');
      return await db.transaction(async (tx) => {
        const stored = await allRedirects(tx);
        const plan = planRedirects(lines, stored);
        if (!plan.ok) throw new RedirectImportError(`${plan.problems.length === 1 ? 'A line' : `${plan.problems.length} lines`} of the file cannot be taken; nothing was imported.`, plan.problems);
        // only what the file adds or changes is written (a stored redirect it re-points included)
        const before = new Map(stored.map((r) => [r.fromKey, r]));
        const changed = plan.rows.filter((r) => before.get(r.fromKey)?.to !== r.to || before.get(r.fromKey)?.fromPath !== r.fromPath);
        await saveRedirects(tx, changed, now().toISOString());
        const result = { imported: plan.imported, collapsed: plan.collapsed, total: await countRedirects(tx) };
        await options.record?.(tx, { before: stored.length, lines: lines.length, written: changed.length, result });
        return result;
      });
    },

    async importUpload(csv, who) {
      try {
        const result = await service.importCsv([csv], {
          record: async (tx, s) =>
            await audit(tx, who, REDIRECTS_AUDIT_ACTION, { type: 'redirects' }, { redirects: s.before }, { format: 'csv', dryRun: false, lines: s.lines, written: s.written, ...s.result, redirects: s.result.total }),
        });
        return { ok: true, result };
      } catch (err) {
        if (err instanceof RedirectImportError) return { ok: false, error: err.message, problems: err.problems };
        throw err;
      }
    },
  };
  return service;
}
