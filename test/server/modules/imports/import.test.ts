/**
 * The catalogue import on the sample files and on bad input, on SQLite and PostgreSQL: each
 * format's sample reads whole, a dry run writes nothing and reports the same, a second import of
 * the same file changes nothing, every bad input gives a report row or one clear error and never
 * a partial catalogue (a fast-check fuzz over broken CSVs included).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { JSONL_HEADER } from '../../../../src/server/modules/imports/jsonl.ts';
import { loadItems, productIdsByHandle } from '../../../../src/server/modules/imports/repository.ts';
import { ImportError } from '../../../../src/server/platform/csv/errors.ts';
import type { CatalogueFormat, ImportReport } from '../../../../src/server/modules/imports/schemas.ts';
import { importCatalogue } from '../../../../src/server/modules/imports/service.ts';
import { SHOPIFY_NOTICES_COLUMN, SHOPIFY_SHIPPING_COLUMNS as SHIP } from '../../../../src/server/modules/imports/shipping.ts';
import { SHOPIFY_COLUMNS } from '../../../../src/server/modules/imports/shopify.ts';
import { bytes, emptyStore, rowCounts, sample, SAMPLE_IMAGES } from './imports.helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const volusion = () => ({ categories: bytes(sample('volusion-pool-parts-categories.csv'), 512) });

async function itemOf(db: Db, handle: string) {
  const id = (await productIdsByHandle(db, [handle])).get(handle);
  expect(id).toBeDefined();
  return (await loadItems(db, [id!]))[0]!;
}

describe('the sample files', () => {
  let shopifyDb: Db;
  let volusionDb: Db;
  let first: ImportReport;
  beforeAll(async () => {
    shopifyDb = await emptyStore();
    volusionDb = await emptyStore();
    first = await importCatalogue(shopifyDb, bytes(sample('shopify-pool-parts.csv'), 1000), { format: 'shopify', ...SAMPLE_IMAGES });
  });

  test('a Shopify CSV reads into products grouped by handle, with variants, stock, weight, images, tags and metafields', async () => {
    expect(first.totals).toEqual({ rows: 51, created: 32, updated: 0, unchanged: 0, rejected: 0 });
    // every picture of the sample is a file beside it (examples/catalogues/images): all brought in
    expect(first.problems).toEqual([]);
    const cartridge = await itemOf(shopifyDb, 'brightwater-replacement-cartridge');
    expect(cartridge.options).toEqual([{ name: 'Size', values: ['50 sq ft', '100 sq ft', '150 sq ft'] }]);
    expect(cartridge.variants.map((v) => [v.title, v.sku, v.priceCents, v.inventory[0]!.quantity])).toEqual([
      ['50 sq ft', 'BW-RC-50', 5499, 40],
      ['100 sq ft', 'BW-RC-100', 7999, 25],
      ['150 sq ft', 'BW-RC-150', 10499, 12],
    ]);
    expect(cartridge.weight).toBe(5.07); // 2300 g
    expect(cartridge.collections).toEqual(['filter-cartridges']);
    expect(cartridge.tags).toEqual([['Filter Type', 'Cartridge'], ['Fits', 'C100'], ['Part Type', 'Filter Cartridges']]);
    const filter = await itemOf(shopifyDb, 'cobalt-cove-c100-cartridge-filter');
    expect(filter.tags).toContainEqual(['Filter Area', '100 sq ft']);
    expect(filter.priceCents).toBe(53995);
    const pump = await itemOf(shopifyDb, 'tidewell-aquadrive-1-5-hp-pool-pump');
    // its two pictures, stored and served from the store's own sized URLs, in the file's order
    expect(pump.images.map((i) => [i.source, i.altText])).toEqual([
      ['images/tidewell-aquadrive-1-5-hp-pool-pump.png', 'AquaDrive 1.5 HP Pool Pump'],
      ['images/tidewell-aquadrive-1-5-hp-pool-pump-side.png', 'AquaDrive 1.5 HP Pool Pump, side view'],
    ]);
    expect(pump.images.map((i) => i.url)).toEqual(pump.images.map((i) => `/media/images/${i.id}-800.png`));
    const stored = await shopifyDb.all<{ hash: string; content_type: string; width: number }>('SELECT hash, content_type, width FROM media_files');
    // one stored file a picture of the sample (39 of them), each read into the store's form
    expect(stored).toHaveLength(39);
    expect(new Set(stored.map((f) => f.content_type))).toEqual(new Set(['image/webp']));
    expect(stored.map((f) => f.hash)).toContain(pump.images[0]!.fileHash);
    expect(pump.compareAtPriceCents).toBe(72900);
    expect(pump.vendor).toBe('Tidewell');
    expect((await itemOf(shopifyDb, 'tidewell-pump-lid-o-ring')).isIndexed).toBe(false);
  });

  test('the same file imported twice changes nothing the second time', async () => {
    const before = await rowCounts(shopifyDb);
    const again = await importCatalogue(shopifyDb, bytes(sample('shopify-pool-parts.csv'), 4096), { format: 'shopify', ...SAMPLE_IMAGES });
    expect(again.totals).toMatchObject({ created: 0, updated: 0, unchanged: 32, rejected: 0 });
    expect(again.version).toBeNull();
    expect(await rowCounts(shopifyDb)).toEqual(before);
  });

  test('a Volusion export reads with its categories: child products become variants, categories keep their ids', async () => {
    const report = await importCatalogue(volusionDb, bytes(sample('volusion-pool-parts.csv'), 333), { format: 'volusion', ...volusion(), ...SAMPLE_IMAGES });
    expect(report.totals).toEqual({ rows: 32, created: 23, updated: 0, unchanged: 0, rejected: 0 });
    // its photourl paths name the same picture files, beside it
    expect(report.problems).toEqual([]);
    expect((await itemOf(volusionDb, 'tidewell-aquadrive-1-5-hp-pool-pump')).images.map((i) => [i.source, i.url.startsWith('/media/images/')])).toEqual([['images/tidewell-aquadrive-1-5-hp-pool-pump.png', true]]);
    expect(report.collectionsCreated).toBe(12);
    const tabs = await itemOf(volusionDb, 'marlin-3-in-chlorine-tablets');
    expect(tabs.sku).toBe('MATAB');
    expect(tabs.variants.map((v) => [v.title, v.sku, v.priceCents])).toEqual([['10 lb', 'MATAB-10', 4999], ['25 lb', 'MATAB-25', 8999]]);
    expect(tabs.collections).toEqual(['sanitizers']);
    const impeller = await itemOf(volusionDb, 'tidewell-pump-impeller-1-5-hp');
    expect([impeller.priceCents, impeller.compareAtPriceCents]).toEqual([6900, 7400]); // on sale: saleprice, productprice
    expect((await itemOf(volusionDb, 'tidewell-pump-strainer-basket')).weight).toBe(0.66); // 10.6 oz
    expect((await itemOf(volusionDb, 'tidewell-pump-lid-o-ring-o-236')).weight).toBe(0.04); // 20 g
    expect((await itemOf(volusionDb, 'kelpford-6-way-water-test-kit')).tags).toEqual([['UPC', '081234500099']]);
    expect((await itemOf(volusionDb, 'brightwater-pool-salt-40-lb')).isIndexed).toBe(false);
    const canister = await itemOf(volusionDb, 'kelpford-in-line-leaf-canister');
    expect(canister.collections).toEqual(['cleaners', 'cleaner-parts']);
    const ids = await volusionDb.all<{ id: number; handle: string }>('SELECT id, handle FROM collections ORDER BY id');
    expect(ids.find((c) => c.handle === 'cleaner-parts')?.id).toBe(11);
    const twice = await importCatalogue(volusionDb, bytes(sample('volusion-pool-parts.csv')), { format: 'volusion', ...volusion(), ...SAMPLE_IMAGES });
    expect(twice.totals).toMatchObject({ created: 0, updated: 0, unchanged: 23 });
  });

  test("a picture that cannot be brought in is a warning on its line, and its product is imported with the store's placeholder", async () => {
    const db = await emptyStore();
    // the pump's first picture on a server that refuses the connection; the impeller's not beside the file
    const text = sample('shopify-pool-parts.csv')
      .toString('utf8')
      .replace('images/tidewell-aquadrive-1-5-hp-pool-pump.png', 'http://127.0.0.1:9/pump.jpg')
      .replace('images/tidewell-pump-impeller-1-5-hp.png', 'images/gone.png')
      .replace('images/tidewell-pump-impeller-1-5-hp-side.png', 'images/gone-too.png');
    const report = await importCatalogue(db, bytes(text, 4096), { format: 'shopify', ...SAMPLE_IMAGES });
    expect(report.totals).toMatchObject({ created: 32, rejected: 0 });
    const line = (handle: string) => text.split('\n').findIndex((l) => l.startsWith(`${handle},`)) + 1;
    expect(report.problems.map((p) => [p.kind, p.line, p.column, p.reason])).toEqual([
      ['warning', line('tidewell-aquadrive-1-5-hp-pool-pump'), 'Image Src', "Image 'http://127.0.0.1:9/pump.jpg' could not be fetched: the server refused the connection; the product is imported without it"],
      ['warning', line('tidewell-pump-impeller-1-5-hp'), 'Image Src', "Image 'images/gone.png' was not found in the images folder; the product shows the store's placeholder"],
      ['warning', line('tidewell-pump-impeller-1-5-hp') + 1, 'Image Src', "Image 'images/gone-too.png' was not found in the images folder; the product shows the store's placeholder"],
    ]);
    // the pump keeps its other picture; the impeller has none (the placeholder)
    expect((await itemOf(db, 'tidewell-aquadrive-1-5-hp-pool-pump')).images.map((i) => i.source)).toEqual(['images/tidewell-aquadrive-1-5-hp-pool-pump-side.png']);
    expect((await itemOf(db, 'tidewell-pump-impeller-1-5-hp')).images).toEqual([]);
    await db.close();
  });

  test('a dry run reports what an import would do and writes nothing', async () => {
    const db = await emptyStore();
    const before = await rowCounts(db);
    const dry = await importCatalogue(db, bytes(sample('shopify-pool-parts.csv')), { format: 'shopify', dryRun: true, ...SAMPLE_IMAGES });
    expect(dry.dryRun).toBe(true);
    expect(dry.totals).toEqual(first.totals);
    expect(dry.version).toBeNull();
    expect(await rowCounts(db)).toEqual(before);
  });
});

/** A Shopify CSV of one product with the given cells changed. */
function shopifyCsv(rows: Record<string, string>[]): string {
  const quote = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const base = { Handle: 'skim-net', Title: 'Skim Net', Vendor: 'Kelpford', 'Option1 Name': 'Title', 'Option1 Value': 'Default Title', 'Variant SKU': 'KF-NET', 'Variant Price': '19.99' };
  return [SHOPIFY_COLUMNS.join(','), ...rows.map((r) => SHOPIFY_COLUMNS.map((c) => quote(({ ...base, ...r } as Record<string, string>)[c] ?? '')).join(','))].join('\n') + '\n';
}

describe('bad input', () => {
  let db: Db;
  beforeAll(async () => {
    db = await emptyStore();
  });

  async function nothingWritten(format: CatalogueFormat, file: string | Buffer): Promise<ImportReport | ImportError> {
    const before = await rowCounts(db);
    let out: ImportReport | ImportError;
    try {
      out = await importCatalogue(db, bytes(file), { format, dryRun: false });
    } catch (err) {
      if (!(err instanceof ImportError)) throw err;
      out = err;
    }
    if (out instanceof ImportError) expect(await rowCounts(db)).toEqual(before);
    return out;
  }

  test.each([
    ['a price with a decimal comma', { 'Variant Price': '12,99' }, 'Variant Price', "Variant Price '12,99' is not a number"],
    ['a negative price', { 'Variant Price': '-5' }, 'Variant Price', "Variant Price '-5' is negative"],
    ['a price of 1e999', { 'Variant Price': '1e999' }, 'Variant Price', "Variant Price '1e999' is not a number"],
    ['a weight in stones', { 'Variant Grams': '2 stone' }, 'Variant Grams', "Variant Grams '2 stone' has an unknown unit 'stone' (use g, kg, oz, lb)"],
    ['an unknown inventory policy', { 'Variant Inventory Qty': '3', 'Variant Inventory Policy': 'maybe' }, 'Variant Inventory Policy', "Variant Inventory Policy 'maybe' is not deny or continue"],
    ['a 10 MB description', { 'Body (HTML)': 'x'.repeat(10 * 1024 * 1024) }, 'Body (HTML)', 'Body (HTML) is 10,485,760 characters long; the limit is 1,000,000'],
    ['a ship class Skimmer has not', { [SHIP.shipClass]: 'boat' }, SHIP.shipClass, "Ship class 'boat' is not one of parcel, oversize, freight, hazmat-ground"],
    ['a freight class outside the NMFC list', { [SHIP.shipClass]: 'freight', [SHIP.freightClass]: '42' }, SHIP.freightClass, "Freight class '42' is not an NMFC class (50, 55, 60, 65, 70, 77.5, 85, 92.5, 100, 110, 125, 150, 175, 200, 250, 300, 400, 500)"],
    ['a ship weight in words', { [SHIP.weightLb]: 'heavy' }, SHIP.weightLb, "Ship weight 'heavy' is not a number"],
    ['a ship weight of 0', { [SHIP.weightLb]: '0' }, SHIP.weightLb, "Ship weight '0' is not a number of pounds above 0 and at most 2,500"],
    ['two sides of a packed size', { [SHIP.lengthIn]: '48', [SHIP.widthIn]: '24' }, SHIP.lengthIn, 'The packed size needs all three sides (length, width and height), or none'],
    ['a hazard group Skimmer has not', { [SHIP.hazardGroup]: 'explosive' }, SHIP.hazardGroup, "Hazard group 'explosive' is not one of hypochlorite, isocyanurate, acid, other"],
    ['45 handling days', { [SHIP.handlingDays]: '45' }, SHIP.handlingDays, "Handling days '45' is not a whole number from 0 to 30"],
    ['a taxable that is no yes or no', { 'Variant Taxable': 'sometimes' }, 'Variant Taxable', "Variant Taxable 'sometimes' is not TRUE or FALSE"],
    ['notices that are not JSON', { [SHOPIFY_NOTICES_COLUMN]: 'Prop 65: lead' }, SHOPIFY_NOTICES_COLUMN, 'Notices are not JSON (a list such as [{"kind":"hazmat-handling"}])'],
    ['a notice of a kind Skimmer has not', { [SHOPIFY_NOTICES_COLUMN]: '[{"kind":"fragile"}]' }, SHOPIFY_NOTICES_COLUMN, "Notice 1 has kind 'fragile', not one of prop65, hazmat-handling, not-returnable-once-opened"],
    ['a Proposition 65 warning naming no chemical', { [SHOPIFY_NOTICES_COLUMN]: '[{"kind":"prop65","cancer":[],"reproductiveHarm":[]}]' }, SHOPIFY_NOTICES_COLUMN, 'A Proposition 65 warning names at least one chemical, for cancer or for reproductive harm.'],
  ])('%s rejects its row with the line, column, value and reason', async (_name, cells, column, reason) => {
    const out = await nothingWritten('shopify', shopifyCsv([cells]));
    expect(out).not.toBeInstanceOf(ImportError);
    const report = out as ImportReport;
    expect(report.totals).toMatchObject({ created: 0, rejected: 1 });
    expect(report.problems).toContainEqual(expect.objectContaining({ kind: 'rejected', line: 2, column, reason }));
  });

  test('a SKU twice rejects the second product and keeps the first', async () => {
    const file = shopifyCsv([{ Handle: 'net-a', 'Variant SKU': 'X-1' }, { Handle: 'net-b', 'Variant SKU': 'X-1' }]);
    const fresh = await emptyStore();
    const report = await importCatalogue(fresh, bytes(file), { format: 'shopify' });
    expect(report.totals).toMatchObject({ created: 1, rejected: 1 });
    expect(report.problems).toContainEqual({ kind: 'rejected', line: 3, column: 'Variant SKU', value: 'X-1', reason: "Variant SKU 'X-1' appears twice (lines 2 and 3)" });
  });

  test("a Shopify file's ship profile and notices land; a file without their columns leaves them as they are", async () => {
    const fresh = await emptyStore();
    const notices = '[{"kind":"prop65","cancer":["lead"],"reproductiveHarm":[]},{"kind":"hazmat-handling"}]';
    const file = shopifyCsv([{ [SHIP.shipClass]: 'Oversize', [SHIP.weightLb]: '12.5', [SHIP.lengthIn]: '48', [SHIP.widthIn]: '20', [SHIP.heightIn]: '6.25', [SHIP.handlingDays]: '2', 'Variant Taxable': 'FALSE', [SHOPIFY_NOTICES_COLUMN]: notices }]);
    expect((await importCatalogue(fresh, bytes(file), { format: 'shopify' })).totals).toMatchObject({ created: 1, rejected: 0 });
    const want = {
      shipping: { shipClass: 'oversize', weightLb: 12.5, lengthIn: 48, widthIn: 20, heightIn: 6.25, freightClass: null, hazardGroup: null, handlingDays: 2, taxable: false },
      notices: [{ kind: 'prop65', cancer: ['lead'], reproductiveHarm: [] }, { kind: 'hazmat-handling' }],
    };
    const net = await itemOf(fresh, 'skim-net');
    expect({ shipping: net.variants[0]!.shipping, notices: net.notices }).toEqual(want);
    // a price change from a file of Shopify's own columns only: the profile and notices stay
    const plain = ['Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price', 'skim-net,Skim Net,Title,Default Title,KF-NET,21.99'].join('\n');
    expect((await importCatalogue(fresh, bytes(plain), { format: 'shopify' })).totals).toMatchObject({ updated: 1, rejected: 0 });
    const after = await itemOf(fresh, 'skim-net');
    expect(after.priceCents).toBe(2199);
    expect({ shipping: after.variants[0]!.shipping, notices: after.notices }).toEqual(want);
    await fresh.close();
  });

  test('a Skimmer line with a bad ship profile or notices is rejected with the reason; one without them keeps the stored ones', async () => {
    const fresh = await emptyStore();
    const line = (variant: Record<string, unknown>, product: Record<string, unknown> = {}) =>
      JSON.stringify({
        kind: 'product', handle: 'tabs', title: 'Tabs', sku: 'T', productCode: null, vendor: null, weight: 10, priceCents: 100, compareAtPriceCents: null, descriptionHtml: null, seoTitle: null, seoDescription: null,
        isIndexed: true, isFeatured: false, salesCount: 0, createdAt: '2026-01-01T00:00:00.000Z', collections: [], tags: [], options: [],
        variants: [{ title: 'Default Title', sku: 'T', priceCents: 100, compareAtPriceCents: null, options: [], inventory: [], ...variant }], images: [], model3ds: [], pdfs: [], reviews: [], questions: [], related: [], ...product,
      });
    const file = (...lines: string[]) => [JSON.stringify(JSONL_HEADER), ...lines].join('\n');
    const bad = await importCatalogue(fresh, bytes(file(line({ shipping: { shipClass: 'parcel', colour: 'red' } }), line({ shipping: { hazardGroup: 'acid', handlingDays: -1 } }), line({}, { notices: [{ kind: 'hazmat-handling' }, { kind: 'hazmat-handling' }] }))), { format: 'skimmer' });
    expect(bad.totals).toMatchObject({ created: 0, rejected: 3 });
    expect(bad.problems.map((p) => [p.line, p.reason])).toEqual([
      [2, "variant 'shipping' has a field 'colour' Skimmer does not read (shipClass, weightLb, lengthIn, widthIn, heightIn, freightClass, hazardGroup, handlingDays, taxable)"],
      [3, "Handling days '-1' is not a whole number from 0 to 30"],
      [4, "'notices': A product carries one 'hazmat-handling' notice; this one lists it twice."],
    ]);
    const good = line({ shipping: { shipClass: 'hazmat-ground', hazardGroup: 'isocyanurate', handlingDays: 1 } }, { notices: [{ kind: 'not-returnable-once-opened' }] });
    expect((await importCatalogue(fresh, bytes(file(good)), { format: 'skimmer' })).totals).toMatchObject({ created: 1, rejected: 0 });
    const want = { shipping: { shipClass: 'hazmat-ground', weightLb: null, lengthIn: null, widthIn: null, heightIn: null, freightClass: null, hazardGroup: 'isocyanurate', handlingDays: 1, taxable: true }, notices: [{ kind: 'not-returnable-once-opened' }] };
    const tabs = await itemOf(fresh, 'tabs');
    expect({ shipping: tabs.variants[0]!.shipping, notices: tabs.notices }).toEqual(want);
    // a file written before the ship profiles: the price changes, the profile and notices stay
    expect((await importCatalogue(fresh, bytes(file(line({ priceCents: 150 }))), { format: 'skimmer' })).totals).toMatchObject({ updated: 1, rejected: 0 });
    const later = await itemOf(fresh, 'tabs');
    expect([later.variants[0]!.priceCents, { shipping: later.variants[0]!.shipping, notices: later.notices }]).toEqual([150, want]);
    await fresh.close();
  });

  test("a Skimmer line's call-for-price flag lands; a bad one is rejected with the reason; a line without it keeps the stored one", async () => {
    const fresh = await emptyStore();
    const line = (product: Record<string, unknown>) =>
      JSON.stringify({
        kind: 'product', handle: 'heater', title: 'Heater', sku: 'H', productCode: null, vendor: null, weight: 10, priceCents: 0, compareAtPriceCents: null, descriptionHtml: null, seoTitle: null, seoDescription: null,
        isIndexed: true, isFeatured: false, salesCount: 0, createdAt: '2026-01-01T00:00:00.000Z', collections: [], tags: [], options: [],
        variants: [{ title: 'Default Title', sku: 'H', priceCents: 0, compareAtPriceCents: null, options: [], inventory: [] }], images: [], model3ds: [], pdfs: [], reviews: [], questions: [], related: [], ...product,
      });
    const file = (...lines: string[]) => [JSON.stringify(JSONL_HEADER), ...lines].join('\n');
    const flag = async (): Promise<number[]> => (await fresh.all<{ f: number }>("SELECT call_for_price AS f FROM products WHERE handle = 'heater'")).map((r) => Number(r.f));
    const bad = await importCatalogue(fresh, bytes(file(line({ callForPrice: 'yes' }))), { format: 'skimmer' });
    expect(bad.totals).toMatchObject({ created: 0, rejected: 1 });
    expect(bad.problems.map((p) => [p.line, p.reason])).toEqual([[2, "'callForPrice' must be true or false"]]);
    expect((await importCatalogue(fresh, bytes(file(line({ callForPrice: true }))), { format: 'skimmer' })).totals).toMatchObject({ created: 1, rejected: 0 });
    expect(await flag()).toEqual([1]);
    expect((await itemOf(fresh, 'heater')).callForPrice).toBe(true);
    // a file written before call-for-price products: the title changes, the flag stays
    expect((await importCatalogue(fresh, bytes(file(line({ title: 'Pool Heater' }))), { format: 'skimmer' })).totals).toMatchObject({ updated: 1, rejected: 0 });
    expect(await flag()).toEqual([1]);
    // and one that clears it
    expect((await importCatalogue(fresh, bytes(file(line({ title: 'Pool Heater', callForPrice: false }))), { format: 'skimmer' })).totals).toMatchObject({ updated: 1, rejected: 0 });
    expect(await flag()).toEqual([0]);
    await fresh.close();
  });

  test('a formula is stored as text, and an unknown column is reported, not fatal', async () => {
    const fresh = await emptyStore();
    const file = shopifyCsv([{ Title: '=HYPERLINK("http://x.example","click")' }]).replace('Handle,', 'Colour Code,Handle,').replace(/\nskim-net/, '\n#fff,skim-net');
    const report = await importCatalogue(fresh, bytes(file), { format: 'shopify' });
    expect(report.totals.created).toBe(1);
    expect(report.problems).toContainEqual({ kind: 'warning', line: 1, column: 'Colour Code', value: null, reason: "Column 'Colour Code' is not one Skimmer reads; it is ignored" });
    expect((await itemOf(fresh, 'skim-net')).title).toBe('=HYPERLINK("http://x.example","click")');
  });

  test.each([
    ['a BOM and CRLF line ends', '\uFEFF' + shopifyCsv([{}]).replace(/\n/g, '\r\n'), 1],
    ['a semicolon-separated file', shopifyCsv([{}]).replace(/,/g, ';'), 1],
    ['unicode in every field', shopifyCsv([{ Title: 'Écumoire 🏊 für Becken', Vendor: 'Kelpförd 水', Tags: 'Farbe: Grün' }]), 1],
    ['a header only', SHOPIFY_COLUMNS.join(',') + '\n', 0],
  ])('%s reads', async (_name, file, created) => {
    const fresh = await emptyStore();
    const report = await importCatalogue(fresh, bytes(file, 3), { format: 'shopify' });
    expect(report.totals.created).toBe(created);
    expect(report.totals.rejected).toBe(0);
  });

  test.each([
    ['an empty file', '', 'The file is empty.'],
    ['unbalanced quotes', shopifyCsv([{}]) + 'skim-net-2,"Skim Net 2,,,\n', 'The file is not valid CSV at line 3: a quoted cell is never closed (a " is missing).'],
    ['binary garbage', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0xff, 0xfe]), 'The file is not UTF-8 text (an invalid byte near byte 0); save it as "CSV UTF-8" and try again.'],
    ['duplicate headers', 'Handle,Title,Title\nx,a,b\n', "Column 'Title' appears twice in the header (columns 2 and 3)."],
    ['a file of another kind', 'name,price\nnet,1\n', "This is not a Shopify product CSV: it has no 'Handle' column (columns: name, price)."],
  ])('%s stops with one clear error and writes nothing', async (_name, file, message) => {
    const out = await nothingWritten('shopify', file);
    expect(out).toBeInstanceOf(ImportError);
    expect((out as ImportError).message).toBe(message);
  });

  test('a fatal error in the last line leaves the catalogue as it was, earlier good rows included', async () => {
    const good = shopifyCsv(Array.from({ length: 40 }, (_, i) => ({ Handle: `net-${i}`, 'Variant SKU': `N-${i}` })));
    const out = await nothingWritten('shopify', good + 'broken,"never closed\n');
    expect(out).toBeInstanceOf(ImportError);
  });

  test('a Volusion child of no product, and a skimmer line that is not JSON, are rejected rows', async () => {
    const fresh = await emptyStore();
    const v = await importCatalogue(fresh, bytes('productcode,ischildofproductcode,productname,productprice\nA1,,Net,5.00\nB1,ZZ,Net B,6.00\n'), { format: 'volusion' });
    expect(v.totals).toMatchObject({ created: 1, rejected: 1 });
    expect(v.problems).toContainEqual({ kind: 'rejected', line: 3, column: 'ischildofproductcode', value: 'ZZ', reason: "ischildofproductcode 'ZZ' names no product of the file" });
    const s = await importCatalogue(fresh, bytes('{"format":"skimmer-catalogue","version":1}\n{oops\n'), { format: 'skimmer' });
    expect(s.totals).toMatchObject({ created: 0, rejected: 1 });
    expect(s.problems[0]).toMatchObject({ line: 2, kind: 'rejected' });
  });

  test('fuzzed broken CSVs give a report or one clear error, and never a partial catalogue', async () => {
    const fresh = await emptyStore();
    const seed = shopifyCsv([{ Handle: 'a', 'Variant SKU': 'A' }, { Handle: 'b', 'Variant SKU': 'B' }, { Handle: 'c', 'Variant SKU': 'C' }]);
    const piece = fc.constantFrom('"', ',', ';', '\n', '\r\n', '\uFEFF', '=', '-5', '12,99', '1e999', '\u0000', '\uFFFD', 'é', '🏊', 'Handle', 'x'.repeat(50));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(seed.length), piece), { maxLength: 6 }), fc.boolean(), async (edits, utf16) => {
        let text = seed;
        for (const [at, p] of edits) text = text.slice(0, at) + p + text.slice(at);
        const file = utf16 ? Buffer.from(text, 'utf16le') : text;
        const before = await rowCounts(fresh);
        let report: ImportReport | null = null;
        try {
          report = await importCatalogue(fresh, bytes(file, 5), { format: 'shopify' });
        } catch (err) {
          expect(err).toBeInstanceOf(ImportError);
        }
        const after = await rowCounts(fresh);
        if (report === null) expect(after).toEqual(before);
        else expect(after.products - before.products).toBe(report.totals.created);
        // back to empty for the next run
        if (after.products > 0) {
          await fresh.transaction(async (tx) => {
            for (const t of ['variant_selected_options', 'option_values', 'product_options', 'inventory_levels', 'variants', 'product_tags', 'product_collections', 'product_images', 'products']) {
              await tx.run(`DELETE FROM ${t}`);
            }
          });
        }
      }),
      { numRuns: 40 },
    );
  });
});
