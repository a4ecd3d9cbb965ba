/**
 * The import's rules: a file's products are created or updated (by handle, or by SKU first for
 * Volusion's product codes), unchanged ones are left alone, bad rows are reported and left out,
 * and all of it happens in one transaction: every accepted row lands or nothing does (a crash, a
 * fatal error in the file's last line, or a dry run leave the catalogue as it was). The commit
 * records the change in the catalogue log, which the other processes of the store follow (their
 * search index and caches re-read the products); a caller inside a running server also hands
 * the change to `app.catalogue.reindex`.
 * @module
 */
import { ImportError } from '../../platform/csv/errors.ts';
import { pace } from '../../platform/csv/pace.ts';
import type { ByteSource } from '../../platform/csv/reader.ts';
import type { Db } from '../../platform/db/database.ts';
import { recordLegacyCategoryIds } from '../redirects/index.ts';
import { LOCATIONS } from '../catalogue/locations.ts';
import { handleOf, hueOf } from './cells.ts';
import { IMAGE_FETCH_CONCURRENCY, mapLimited, PictureSources, type ImageSourceOptions } from './images.ts';
import { parseSkimmer, type IncomingCollection } from './jsonl.ts';
import {
  allCollections,
  allTags,
  allVendors,
  beginImport,
  countProducts,
  collectionIdFree,
  dropUnusedMediaFiles,
  finishImport,
  InsertBuffer,
  insertTag,
  insertVendor,
  loadItems,
  productIdsByHandle,
  productIdsBySku,
  refreshStatistics,
  saveCollection,
  writeItem,
  writeRelated,
  type IdCounters,
} from './repository.ts';
import { saveMediaFile } from '../media/index.ts';
import { ReportBuilder } from './report.ts';
import { DEFAULT_SHIPPING, type CatalogueCollection, type CatalogueFormat, type CatalogueItem, type ImportReport, type IncomingItem, type ItemImage, type ItemLevel, type ItemVariant } from './schemas.ts';
import { parseShopify } from './shopify.ts';
import { parseVolusion } from './volusion.ts';

/** Products handled a batch at a time (one read of the stored ones per batch). @default 500 */
export const IMPORT_BATCH = 500;

/**
 * Products an import must change for the database's planner statistics to be refreshed after it
 * commits (see refreshStatistics). @default 500
 */
export const REFRESH_STATISTICS_AFTER = 500;

/** The stock location of a variant made by an import. */
export const DEFAULT_LOCATION = LOCATIONS[0] ?? 'Warehouse';

/** Options of {@link importCatalogue}. */
export interface ImportOptions {
  format: CatalogueFormat;
  /** Reports what would happen and writes nothing. @default false */
  dryRun?: boolean;
  /** Volusion's categories CSV. */
  categories?: ByteSource;
  /**
   * Where pictures come from: the folder picture paths are read from (`--images DIR`, else the
   * file's own folder; none through the API) and where web addresses may be fetched from.
   * @default { dir: null, fetch: imageFetchModeFromEnv() }
   */
  images?: ImageSourceOptions;
  /** Called as products are handled, with the rows read so far. */
  onProgress?: (rowsRead: number) => void;
  /** The clock of new products' creation time. @default () => new Date() */
  now?: () => Date;
  /**
   * Records the import as it lands (the operators' audit row): called inside the import's
   * transaction after its last write, so the record commits exactly with the change; for a dry
   * run, after it (nothing lands with it).
   */
  record?: (db: Db, summary: ImportSummary) => Promise<void>;
  /** Called first inside the import's transaction (the import's own process lowers its database session's priority there: cli.ts). */
  onTransaction?: (tx: Db) => Promise<void>;
}

/** What {@link ImportOptions.record} is told. */
export interface ImportSummary {
  format: CatalogueFormat;
  dryRun: boolean;
  /** Products in the store before the import. */
  productsBefore: number;
  /** Products once it has landed (for a dry run: had it landed). */
  productsAfter: number;
  totals: ImportReport['totals'];
  collectionsCreated: number;
  /** Problems the report lists (rejected rows and warnings). */
  problems: number;
}

class DryRunDone extends Error {
  constructor(
    readonly changed: number[],
    readonly summary: ImportSummary | null,
  ) {
    super('dry run');
  }
}

const DRAWN_IMAGE = /^\/media\/images\/\d+(-\d+)?\.png$/;
const DRAWN_MODEL = /^\/media\/models\/\d+\.gltf$/;
const DRAWN_COLLECTION = /^\/media\/collections\/\d+(-\d+)?\.png$/;

/** JSON with sorted keys and no row ids: what "unchanged" compares. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => {
    if (key === 'id') return undefined;
    if (v && typeof v === 'object' && !Array.isArray(v)) return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)));
    return v;
  });
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Tags deduplicated and sorted, as the store lists them. */
export function normalTags(tags: readonly (readonly [string, string])[]): [string, string][] {
  const seen = new Map<string, [string, string]>();
  for (const [p, v] of tags) seen.set(`${p}\u0000${v}`, [p, v]);
  return [...seen.values()].sort((x, y) => byText(x[0], y[0]) || byText(x[1], y[1]));
}

function level(v: { priceCents: number; compareAtPriceCents: number | null }, stock?: { quantity: number; bypassNegativeQuantity?: boolean }): ItemLevel {
  return { location: DEFAULT_LOCATION, quantity: stock?.quantity ?? 0, availableForSale: true, bypassNegativeQuantity: stock?.bypassNegativeQuantity ?? false, priceCents: v.priceCents, compareAtPriceCents: v.compareAtPriceCents };
}

/**
 * The product to write: the stored one (or the defaults of a new one) with the file's fields over
 * it, keeping the row ids of the variants, levels, images and models that stay.
 */
export function mergeItem(existing: CatalogueItem | null, incoming: IncomingItem, now: Date): CatalogueItem {
  const base: CatalogueItem = existing ?? {
    handle: incoming.handle,
    title: '',
    sku: null,
    productCode: null,
    vendor: null,
    weight: null,
    priceCents: 0,
    compareAtPriceCents: null,
    descriptionHtml: null,
    seoTitle: null,
    seoDescription: null,
    isIndexed: true,
    isFeatured: false,
    callForPrice: false,
    salesCount: 0,
    createdAt: now.toISOString(),
    collections: [],
    tags: [],
    options: [],
    variants: [],
    images: [],
    model3ds: [],
    pdfs: [],
    reviews: [],
    questions: [],
    related: [],
    notices: [],
  };
  const out: CatalogueItem = { ...base, handle: incoming.handle };
  for (const [key, value] of Object.entries(incoming)) {
    if (value === undefined || ['handle', 'line', 'key', 'typeCollection', 'variants', 'images', 'model3ds'].includes(key)) continue;
    (out as unknown as Record<string, unknown>)[key] = value;
  }
  out.tags = normalTags(out.tags);
  out.collections = [...new Set(out.collections)];
  if (incoming.variants) {
    const pool = [...(existing?.variants ?? [])];
    const takeMatch = (sku: string | null, title: string): ItemVariant | undefined => {
      let i = sku === null ? -1 : pool.findIndex((v) => v.sku === sku);
      if (i < 0) i = pool.findIndex((v) => v.title === title);
      return i < 0 ? undefined : pool.splice(i, 1)[0];
    };
    out.variants = incoming.variants.map((iv): ItemVariant => {
      const match = takeMatch(iv.sku, iv.title);
      let inventory: ItemLevel[];
      if (iv.inventory) {
        const levels = [...(match?.inventory ?? [])];
        inventory = iv.inventory.map((l) => {
          const at = levels.findIndex((x) => x.location === l.location);
          const id = at < 0 ? undefined : levels.splice(at, 1)[0]!.id;
          return id === undefined ? { ...l } : { id, ...l };
        });
      } else {
        inventory = match && match.inventory.length > 0 ? match.inventory.map((l) => ({ ...l, priceCents: iv.priceCents, compareAtPriceCents: iv.compareAtPriceCents })) : [level(iv, iv.stock)];
        if (iv.stock && inventory[0]) inventory[0] = { ...inventory[0], quantity: iv.stock.quantity, bypassNegativeQuantity: iv.stock.bypassNegativeQuantity ?? inventory[0].bypassNegativeQuantity };
      }
      // the file's ship profile fields over the variant's own (a new variant: the defaults)
      const shipping = { ...(match?.shipping ?? DEFAULT_SHIPPING), ...(iv.shipping ?? {}) };
      const v: ItemVariant = { title: iv.title, sku: iv.sku, priceCents: iv.priceCents, compareAtPriceCents: iv.compareAtPriceCents, options: iv.options, inventory, shipping };
      return match?.id === undefined ? v : { id: match.id, ...v };
    });
  } else if (!existing) {
    out.variants = [{ title: 'Default Title', sku: out.sku, priceCents: out.priceCents, compareAtPriceCents: out.compareAtPriceCents, options: [], inventory: [level(out)], shipping: { ...DEFAULT_SHIPPING } }];
  }
  if (incoming.images) {
    const old = existing?.images ?? [];
    const fallbackShape = old.find((o) => o.fileHash === undefined)?.shape ?? 'kit';
    out.images = incoming.images.map((img, position): ItemImage => {
      // a picture brought in before from the same source is the same picture (nothing fetched again)
      const kept = old.find((o) => o.source !== undefined && o.source === img.url);
      if (kept) return { ...kept, altText: img.altText };
      if (img.file) return { url: img.url, altText: img.altText, shape: img.shape ?? fallbackShape, hue: img.hue ?? hueOf(img.url), source: img.file.source, fileHash: img.file.hash };
      // a drawn picture's URL names a row of another store: the one at the same place is the same picture
      const same = old.find((o) => o.url === img.url && o.fileHash === undefined) ?? (DRAWN_IMAGE.test(img.url) && old[position] && DRAWN_IMAGE.test(old[position].url) ? old[position] : undefined);
      const shape = img.shape ?? same?.shape ?? fallbackShape;
      const hue = img.hue ?? same?.hue ?? hueOf(img.url);
      return same ? { id: same.id, url: same.url, altText: img.altText, shape, hue } : { url: img.url, altText: img.altText, shape, hue };
    });
  }
  if (incoming.model3ds) {
    const old = existing?.model3ds ?? [];
    out.model3ds = incoming.model3ds.map((m, position) => {
      const same = old.find((o) => o.url === m.url) ?? (DRAWN_MODEL.test(m.url) && old[position] && DRAWN_MODEL.test(old[position].url) ? old[position] : undefined);
      return same ? { ...m, id: same.id, url: same.url, posterUrl: same.posterUrl } : { ...m };
    });
  }
  return out;
}

/** The catalogue state an import works against, read once at its start and kept up to date. */
interface State {
  ids: IdCounters;
  createdOrder: number;
  collections: Map<string, CatalogueCollection & { id: number; level: number }>;
  vendors: Map<string, { id: number; handle: string }>;
  vendorHandles: Set<string>;
  tags: Map<string, number>;
  topPosition: number;
  /** New rows of the batch being handled, written at its end. */
  buffer: InsertBuffer;
  /** The import's pictures by source. */
  pictures: PictureSources;
  /** Whether a stored picture may have lost its last product image (checked before the commit). */
  mediaTouched: boolean;
}

/**
 * Imports a catalogue file. Answers the report (a dry run answers the same report and writes
 * nothing).
 * @throws ImportError for a fatal problem of the file as a whole (not text, not CSV, not the
 *   format, a column named twice): nothing is written.
 * @example
 * const report = await importCatalogue(db, createReadStream('products.csv'), { format: 'shopify' });
 * if (report.version) await app.catalogue.reindex(report.changedIds, report.version);
 */
export async function importCatalogue(db: Db, source: ByteSource, options: ImportOptions): Promise<ImportReport> {
  const started = performance.now();
  const report = new ReportBuilder();
  const now = options.now ?? (() => new Date());
  let changed: number[] = [];
  let version: number | null = null;
  try {
    const change = await db.transaction(async (tx) => {
      await options.onTransaction?.(tx);
      const { ids, createdOrder } = await beginImport(tx);
      const productsBefore = options.record ? await countProducts(tx) : 0;
      const collectionList = await allCollections(tx);
      const levels = new Map<string, number>();
      for (const c of collectionList) levels.set(c.handle, c.parent ? (levels.get(c.parent) ?? 0) + 1 : 1);
      const vendors = await allVendors(tx);
      const state: State = {
        ids,
        createdOrder,
        collections: new Map(collectionList.map((c) => [c.handle, { ...c, id: c.id!, level: levels.get(c.handle) ?? 1 }])),
        vendors,
        vendorHandles: new Set([...vendors.values()].map((v) => v.handle)),
        tags: await allTags(tx),
        topPosition: collectionList.filter((c) => c.parent === null).reduce((m, c) => Math.max(m, c.position + 1), 0),
        buffer: new InsertBuffer(),
        pictures: new PictureSources(options.images ?? {}, async (picture) => {
          state.mediaTouched = true;
          await saveMediaFile(tx, picture, now().toISOString());
        }),
        mediaTouched: false,
      };
      const entries =
        options.format === 'shopify'
          ? parseShopify(source, report)
          : options.format === 'volusion'
            ? parseVolusion(source, report, { ...(options.categories ? { categories: options.categories } : {}), storeCollections: new Map(collectionList.map((c) => [c.id!, c.handle])) })
            : parseSkimmer(source, report);
      const touched = new Set<number>();
      const handlesSeen = new Set<string>();
      const withRelated: { id: number; related: string[]; line: number }[] = [];
      let batch: IncomingItem[] = [];
      const flush = async (): Promise<void> => {
        if (batch.length === 0) return;
        const items = batch;
        batch = [];
        const byHandle = await productIdsByHandle(tx, items.map((i) => i.handle));
        const skus = items.filter((i) => i.key === 'sku' && i.sku).map((i) => i.sku!);
        const bySku = skus.length > 0 ? await productIdsBySku(tx, skus) : new Map<string, number>();
        const matchIds = items.map((i) => (i.key === 'sku' && i.sku ? (bySku.get(i.sku) ?? byHandle.get(i.handle)) : byHandle.get(i.handle)));
        const stored = new Map((await loadItems(tx, [...new Set(matchIds.filter((x): x is number => x !== undefined))])).map((s) => [s.id!, s]));
        await bringPictures(state, items.map((item, k) => ({ item, existing: matchIds[k] === undefined ? null : (stored.get(matchIds[k]!) ?? null) })), report);
        for (const [k, incoming] of items.entries()) {
          await pace();
          const existing = matchIds[k] === undefined ? null : (stored.get(matchIds[k]!) ?? null);
          if (existing && touched.has(existing.id!)) {
            report.reject(incoming.line, null, incoming.handle, `Product '${incoming.handle}' is the same store product as an earlier row of the file`);
            report.totals.rejected++;
            continue;
          }
          const result = await applyItem(tx, state, existing, incoming, byHandle, report, now());
          if (result === null) continue;
          touched.add(result.id);
          if (result.changed) changed.push(result.id);
          if (incoming.related) withRelated.push({ id: result.id, related: incoming.related, line: incoming.line });
        }
        await state.buffer.flush(tx);
        options.onProgress?.(report.totals.rows);
      };
      for await (const entry of entries) {
        await pace();
        if ('kind' in entry && entry.kind === 'collection') {
          await applyCollection(tx, state, entry as IncomingCollection, report);
          continue;
        }
        const item = entry as IncomingItem;
        if (handlesSeen.has(item.handle) && item.key !== 'sku') {
          report.reject(item.line, 'handle', item.handle, `Handle '${item.handle}' appears twice`);
          report.totals.rejected++;
          continue;
        }
        handlesSeen.add(item.handle);
        batch.push(item);
        if (batch.length >= IMPORT_BATCH) await flush();
      }
      await flush();
      // related products name products anywhere in the file: written once every product is
      for (let i = 0; i < withRelated.length; i += IMPORT_BATCH) {
        const part = withRelated.slice(i, i + IMPORT_BATCH);
        const known = await productIdsByHandle(tx, [...new Set(part.flatMap((p) => p.related))]);
        for (const p of part) {
          const ids2 = p.related.map((h) => known.get(h)).filter((x): x is number => x !== undefined && x !== p.id);
          const missing = p.related.filter((h) => !known.has(h));
          if (missing.length > 0) report.warn(p.line, 'related', missing[0]!, `Related product '${missing[0]}' is not in the store or the file; it is left out`);
          await writeRelated(tx, state.buffer, p.id, [...new Set(ids2)]);
        }
        await state.buffer.flush(tx);
      }
      changed = [...new Set(changed)];
      if (state.mediaTouched && changed.length > 0) await dropUnusedMediaFiles(tx);
      const summary: ImportSummary | null = options.record
        ? {
            format: options.format,
            dryRun: options.dryRun === true,
            productsBefore,
            productsAfter: await countProducts(tx),
            totals: { ...report.totals },
            collectionsCreated: report.collectionsCreated,
            problems: report.problems.length + report.problemsNotShown,
          }
        : null;
      if (options.dryRun) throw new DryRunDone(changed, summary);
      if (summary) await options.record!(tx, summary);
      return changed.length > 0 || report.collectionsCreated > 0 ? await finishImport(tx, changed) : null;
    });
    version = change?.version ?? null;
    // committed: statistics that fail to refresh are autovacuum's to bring up to date later
    if (version !== null && changed.length >= REFRESH_STATISTICS_AFTER) await refreshStatistics(db).catch(() => undefined);
  } catch (err) {
    if (!(err instanceof DryRunDone)) throw err;
    changed = err.changed;
    if (err.summary) await options.record!(db, err.summary);
  }
  return report.finish(options.format, options.dryRun === true, version, changed, Math.round(performance.now() - started));
}

/**
 * Brings in the pictures a batch's products name that the store does not hold yet (a web address
 * or a file path; a drawn /media URL and a source a product already has are left alone), a few at
 * once. A picture that cannot be brought in is a warning on the line that names it and is left
 * out of its product (which then shows its other pictures, or the store's placeholder).
 */
async function bringPictures(state: State, batch: { item: IncomingItem; existing: CatalogueItem | null }[], report: ReportBuilder): Promise<void> {
  const wanted: { item: IncomingItem; index: number }[] = [];
  for (const { item, existing } of batch) {
    if (existing?.images.some((i) => i.fileHash !== undefined)) state.mediaTouched = true;
    for (const [index, img] of (item.images ?? []).entries()) {
      if (DRAWN_IMAGE.test(img.url) || existing?.images.some((o) => o.source === img.url)) continue;
      wanted.push({ item, index });
    }
  }
  if (wanted.length === 0) return;
  const results = await mapLimited(wanted, IMAGE_FETCH_CONCURRENCY, ({ item, index }) => state.pictures.resolve(item.images![index]!.url));
  const dropped = new Map<IncomingItem, Set<number>>();
  for (const [k, { item, index }] of wanted.entries()) {
    const result = results[k]!;
    const img = item.images![index]!;
    if (result.ok) {
      img.file = { source: img.url, hash: result.picture.hash };
      continue;
    }
    let set = dropped.get(item);
    if (!set) dropped.set(item, (set = new Set()));
    set.add(index);
  }
  for (const [item, indexes] of dropped) {
    const images = item.images!;
    const left = images.length - indexes.size;
    for (const index of indexes) {
      const img = images[index]!;
      const at = img.at ?? { line: item.line, column: 'images' };
      const result = results[wanted.findIndex((w) => w.item === item && w.index === index)]!;
      const reason = result.ok ? '' : result.reason;
      report.warn(at.line, at.column, img.url, `Image '${img.url}' ${reason}; ${left > 0 ? 'the product is imported without it' : "the product shows the store's placeholder"}`);
    }
    item.images = images.filter((_, i) => !indexes.has(i));
  }
}

async function applyCollection(tx: Db, state: State, c: IncomingCollection, report: ReportBuilder): Promise<void> {
  const parent = c.parent === null ? null : (state.collections.get(c.parent) ?? null);
  if (c.parent !== null && !parent) report.warn(c.line, 'parent', c.parent, `Parent collection '${c.parent}' is not in the store or the file; the collection goes at the top`);
  const existing = state.collections.get(c.handle);
  const levelOf = parent ? parent.level + 1 : 1;
  // a category the store holds under another id: its old addresses still lead to it
  if (existing && c.wantedId !== undefined && existing.id !== c.wantedId) await recordLegacyCategoryIds(tx, [{ legacyId: c.wantedId, collectionId: existing.id }]);
  if (existing) {
    const next = { ...c, id: existing.id, parent: parent?.handle ?? null, level: levelOf };
    if (c.imageUrl && DRAWN_COLLECTION.test(c.imageUrl) && existing.imageUrl && DRAWN_COLLECTION.test(existing.imageUrl)) next.imageUrl = existing.imageUrl;
    if (next.imageUrl === null && existing.imageUrl !== null) Object.assign(next, { imageUrl: existing.imageUrl, imageShape: existing.imageShape, imageHue: existing.imageHue });
    const before = { ...existing, kind: 'collection', line: c.line, wantedId: c.wantedId };
    if (canonical(before) === canonical({ ...next, kind: 'collection', line: c.line, wantedId: c.wantedId })) return;
    await saveCollection(tx, next, parent?.id ?? null, levelOf, false);
    state.collections.set(c.handle, next);
    return;
  }
  let id: number;
  if (c.wantedId !== undefined && (await collectionIdFree(tx, c.wantedId))) {
    id = c.wantedId;
    state.ids.collections = Math.max(state.ids.collections, id + 1);
  } else {
    id = state.ids.collections++;
    // the id is another collection's: the old /SearchResults.asp?Cat={id} and /{Name}-s/{id}.htm
    // addresses are kept by recording which collection the category became
    if (c.wantedId !== undefined) await recordLegacyCategoryIds(tx, [{ legacyId: c.wantedId, collectionId: id }]);
  }
  const drawn = c.imageUrl === null || DRAWN_COLLECTION.test(c.imageUrl);
  const made = {
    ...c,
    id,
    parent: parent?.handle ?? null,
    level: levelOf,
    imageUrl: drawn ? `/media/collections/${id}-800.png` : c.imageUrl,
    imageShape: c.imageShape ?? 'kit',
    imageHue: c.imageHue ?? hueOf(c.handle),
  };
  await saveCollection(tx, made, parent?.id ?? null, levelOf, true);
  state.collections.set(c.handle, made);
  if (!parent) state.topPosition = Math.max(state.topPosition, c.position + 1);
  report.collectionsCreated++;
}

async function applyItem(
  tx: Db,
  state: State,
  existing: CatalogueItem | null,
  incoming: IncomingItem,
  byHandle: Map<string, number>,
  report: ReportBuilder,
  now: Date,
): Promise<{ id: number; changed: boolean } | null> {
  if (!existing && (incoming.title === undefined || incoming.title.trim() === '')) {
    report.reject(incoming.line, 'title', incoming.handle, `Product '${incoming.handle}' is new and has no title`);
    report.totals.rejected++;
    return null;
  }
  // a product found by its SKU keeps a handle no other product holds
  let handle = incoming.handle;
  const holder = byHandle.get(handle);
  if (holder !== undefined && existing && holder !== existing.id) handle = existing.handle;
  else if (holder !== undefined && !existing) handle = `${handle}-${handleOf(incoming.sku ?? '') || state.createdOrder}`;
  if (incoming.typeCollection && !incoming.collections && !existing) {
    const { handle: ch, title } = incoming.typeCollection;
    if (!state.collections.has(ch)) {
      await applyCollection(tx, state, { kind: 'collection', line: incoming.line, handle: ch, title, parent: null, position: state.topPosition, seoTitle: null, seoDescription: null, isIndexed: true, descriptionHtml: null, imageUrl: null, imageShape: null, imageHue: null }, report);
    }
    incoming = { ...incoming, collections: [ch] };
  }
  const merged = mergeItem(existing, { ...incoming, handle }, now);
  const collectionIds: number[] = [];
  for (const h of merged.collections) {
    // a collection the file names and the store lacks (a Shopify file carries no collection tree) is made at the top
    if (!state.collections.has(h)) {
      await applyCollection(tx, state, { kind: 'collection', line: incoming.line, handle: h, title: titleOfHandle(h), parent: null, position: state.topPosition, seoTitle: null, seoDescription: null, isIndexed: true, descriptionHtml: null, imageUrl: null, imageShape: null, imageHue: null }, report);
    }
    collectionIds.push(state.collections.get(h)!.id);
  }
  if (existing && canonical(merged) === canonical(existing)) {
    report.totals.unchanged++;
    return { id: existing.id!, changed: false };
  }
  let vendorId: number | null = null;
  if (merged.vendor !== null) {
    let v = state.vendors.get(merged.vendor);
    if (!v) {
      let vh = handleOf(merged.vendor) || 'vendor';
      for (let n = 2; state.vendorHandles.has(vh); n++) vh = `${handleOf(merged.vendor) || 'vendor'}-${n}`;
      v = { id: state.ids.vendors++, handle: vh };
      await insertVendor(tx, v.id, merged.vendor, vh);
      state.vendors.set(merged.vendor, v);
      state.vendorHandles.add(vh);
    }
    vendorId = v.id;
  }
  const tagIds: number[] = [];
  for (const [p, val] of merged.tags) {
    const key = `${p}\u0000${val}`;
    let id = state.tags.get(key);
    if (id === undefined) {
      id = state.ids.tags++;
      await insertTag(tx, id, p, val);
      state.tags.set(key, id);
    }
    tagIds.push(id);
  }
  const id = await writeItem(tx, merged, existing, { ids: state.ids, vendorId, collectionIds, tagIds, createdOrder: state.createdOrder, buffer: state.buffer });
  if (existing) report.totals.updated++;
  else {
    report.totals.created++;
    state.createdOrder++;
  }
  byHandle.set(merged.handle, id);
  return { id, changed: true };
}

/** A title for a collection known only by its handle ('pool-pumps' -> 'Pool Pumps'). */
export function titleOfHandle(handle: string): string {
  return handle.split(/[-_]+/).filter(Boolean).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ') || handle;
}

/** Throws when a format needs what the call lacks (the CLI and the routes check before reading). */
export function checkImportOptions(options: ImportOptions): void {
  if (options.categories && options.format !== 'volusion') throw new ImportError('A categories file goes with a Volusion import only.');
}
