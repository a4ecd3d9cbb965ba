/**
 * The feed's rows, pure: over generated products (long and hostile text, HTML, tabs and line
 * breaks, emoji, SKUs shared and too long), every row keeps to Google Merchant Center's limits and
 * words, a product gives one row per variant, its variants share one item_group_id, ids are unique,
 * a TSV line always has the header's cells, and the notices become Google's consumer_notice and
 * return_policy_label (and the JSON Lines' notices).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createStoreLinks } from '../../../../src/domain/urls.ts';
import { HAZMAT_HANDLING_TEXT, prop65FullWarning, type ProductNotice } from '../../../../src/domain/shipping/notices.ts';
import {
  clip, feedAvailability, feedConsumerNotice, feedPrice, feedRows, feedWeight, jsonLine, tsvHeader, tsvLine, variantNotices, type FeedProductSource,
} from '../../../../src/server/modules/feeds/rows.ts';
import { FEED_COLUMNS, FEED_LIMITS, FEED_NOT_RETURNABLE_LABEL, type FeedRow } from '../../../../src/server/modules/feeds/schemas.ts';

const links = createStoreLinks({ collectionPath: '/collections', productPath: '/products', articlePath: '/articles' });
const origin = 'https://shop.example';

const piece = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('\t', '\n', '\r\n', '<p>', '</p>', '<br>', '&amp;', '&nbsp;', '🏊', '水', 'é', '"', '>', '<script>x</script>', '\u2028'),
);
const text = (max: number) => fc.array(piece, { maxLength: max }).map((p) => p.join(''));
const sku = fc.option(fc.oneof(fc.constantFrom('A-1', 'a-1', 'SHARED'), fc.string({ minLength: 1, maxLength: 70 })), { nil: null });
const cents = fc.integer({ min: 0, max: 10_000_000 });

/** A notice, with chemical names as hostile as any other text. */
const notice: fc.Arbitrary<ProductNotice> = fc.oneof(
  fc.record({ kind: fc.constant('prop65' as const), cancer: fc.array(fc.oneof(text(3), fc.string({ minLength: 200, maxLength: 400 })), { maxLength: 4 }), reproductiveHarm: fc.array(text(3), { maxLength: 3 }) }),
  fc.constant({ kind: 'hazmat-handling' as const }),
  fc.constant({ kind: 'not-returnable-once-opened' as const }),
);

const product = (id: number): fc.Arbitrary<FeedProductSource> =>
  fc.record({
    handle: fc.stringMatching(/^[a-z0-9-]{1,20}$/),
    title: fc.oneof(text(8), fc.string({ minLength: 140, maxLength: 400 })),
    sku,
    productCode: fc.option(text(4), { nil: null }),
    vendor: fc.option(text(4), { nil: null }),
    weight: fc.option(fc.double({ min: -1, max: 500, noNaN: true }), { nil: null }),
    descriptionHtml: fc.option(fc.oneof(text(20), fc.string({ minLength: 4990, maxLength: 6000 })), { nil: null }),
    seoDescription: fc.option(text(5), { nil: null }),
    imageUrl: fc.option(fc.constantFrom('/media/images/1.png', 'https://cdn.example.com/a b.jpg', 'pic.jpg'), { nil: null }),
    gtin: fc.option(fc.constantFrom('081234500015', '0 81234 50001 5', 'n/a'), { nil: null }),
    collectionTrail: fc.array(text(3), { maxLength: 3 }),
    variants: fc.array(
      fc.record({
        title: fc.oneof(fc.constant('Default Title'), text(4)),
        sku,
        priceCents: cents,
        compareAtPriceCents: fc.option(cents, { nil: null }),
        forSale: fc.boolean(),
        quantity: fc.integer({ min: 0, max: 50 }),
        backorder: fc.boolean(),
        hazmat: fc.boolean(),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    notices: fc.array(notice, { maxLength: 3 }),
  }).map((p) => ({ ...p, id, variants: p.variants.map((v, i) => ({ ...v, id: id * 10 + i })) }));

const catalogue = fc.array(fc.nat(5), { minLength: 1, maxLength: 8 }).chain((ns) => fc.tuple(...ns.map((_, i) => product(i + 1))));

const chars = (s: string): number => Array.from(s).length;

function withinLimits(row: FeedRow): void {
  expect(chars(row.id)).toBeGreaterThan(0);
  expect(chars(row.id)).toBeLessThanOrEqual(FEED_LIMITS.id);
  expect(chars(row.title)).toBeLessThanOrEqual(FEED_LIMITS.title);
  expect(chars(row.description)).toBeLessThanOrEqual(FEED_LIMITS.description);
  expect(chars(row.item_group_id)).toBeLessThanOrEqual(FEED_LIMITS.item_group_id);
  for (const c of FEED_COLUMNS) expect(row[c]).not.toMatch(/[\t\r\n]/);
  for (const c of ['title', 'description', 'brand'] as const) expect(row[c]).not.toMatch(/<[a-z/][^>]*>/i);
  // the trail's own separator is ' > ': each step is plain text
  for (const step of row.product_type.split(' > ')) expect(step).not.toMatch(/<[a-z/][^>]*>/i);
  expect(['in_stock', 'out_of_stock', 'preorder', 'backorder']).toContain(row.availability);
  expect(row.price).toMatch(/^\d+\.\d{2} USD$/);
  expect(row.sale_price).toMatch(/^(\d+\.\d{2} USD)?$/);
  expect(row.shipping_weight).toMatch(/^(\d+(\.\d{1,2})? lb)?$/);
  expect(row.link.startsWith(`${origin}/products/`)).toBe(true);
  expect(row.image_link === '' || /^https?:\/\//.test(row.image_link)).toBe(true);
  expect(row.gtin).toMatch(/^\d*$/);
  expect(row.condition).toBe('new');
  expect(row.consumer_notice).toMatch(/^((prop_65|safety_warning):.+)?$/);
  expect(chars(row.consumer_notice.replace(/^[a-z_0-9]+:/, ''))).toBeLessThanOrEqual(FEED_LIMITS.consumer_notice_message);
  expect(['', FEED_NOT_RETURNABLE_LABEL]).toContain(row.return_policy_label);
}

describe('feed rows', () => {
  test('every row keeps to Google\'s limits; one row per variant; a product\'s variants share its item_group_id; ids are unique', () => {
    fc.assert(
      fc.property(catalogue, (products) => {
        const usedIds = new Set<string>();
        const ids: string[] = [];
        for (const p of products) {
          const rows = feedRows(p, { origin, links, usedIds });
          expect(rows).toHaveLength(p.variants.length);
          for (const row of rows) withinLimits(row);
          const groups = new Set(rows.map((r) => r.item_group_id));
          if (p.variants.length > 1) {
            expect(groups.size).toBe(1);
            expect([...groups][0]).not.toBe('');
          } else expect(rows[0]!.item_group_id).toBe('');
          ids.push(...rows.map((r) => r.id.toLowerCase()));
          for (const [i, row] of rows.entries()) {
            const cells = tsvLine(row).slice(0, -1).split('\t');
            expect(cells).toHaveLength(FEED_COLUMNS.length);
            const json = JSON.parse(jsonLine(row)) as Record<string, unknown>;
            expect(json).toMatchObject({ id: row.id, price: row.price });
            // every notice of the product, and the handling one on a variant that ships as hazmat
            const hazmat = p.variants[i]!.hazmat === true || p.notices!.some((n) => n.kind === 'hazmat-handling');
            expect(json.notices ?? []).toEqual(variantNotices(p.notices!, p.variants[i]!.hazmat === true));
            expect(row.notices.some((n) => n.kind === 'hazmat-handling')).toBe(hazmat);
            // a row with a warning or a handling text names it to Google
            expect(row.consumer_notice !== '').toBe(prop65FullWarning(row.notices) !== null || hazmat);
          }
        }
        expect(new Set(ids).size).toBe(ids.length);
      }),
      { numRuns: 80 },
    );
  }, 60_000);

  test('a variant on sale is priced at its compare-at price with the price it sells for as the sale price', () => {
    const [row] = feedRows(
      { id: 1, handle: 'pump', title: 'Pump', sku: 'P1', productCode: 'AD-150', vendor: 'Tidewell', weight: 30, descriptionHtml: '<p>A <b>pump</b>.</p>', seoDescription: null, imageUrl: '/media/images/1.png', gtin: '081234500015', collectionTrail: ['Pumps & Parts', 'Pool Pumps'], variants: [{ id: 7, title: 'Default Title', sku: 'P1', priceCents: 64900, compareAtPriceCents: 72900, forSale: true, quantity: 3, backorder: false }] },
      { origin, links, usedIds: new Set() },
    );
    expect(row).toEqual({
      id: 'P1', title: 'Pump', description: 'A pump .', link: 'https://shop.example/products/pump', image_link: 'https://shop.example/media/images/1.png',
      availability: 'in_stock', price: '729.00 USD', sale_price: '649.00 USD', brand: 'Tidewell', gtin: '081234500015', mpn: 'AD-150',
      identifier_exists: 'yes', product_type: 'Pumps & Parts > Pool Pumps', shipping_weight: '30 lb', item_group_id: '', condition: 'new',
      consumer_notice: '', return_policy_label: '', notices: [],
    });
  });

  test('variants of one product link to the product page with the variant preselected and name it in the title', () => {
    const rows = feedRows(
      { id: 2, handle: 'tabs', title: 'Chlorine Tablets', sku: 'MATAB', productCode: null, vendor: null, weight: null, descriptionHtml: null, seoDescription: null, imageUrl: null, gtin: null, collectionTrail: [], variants: [
        { id: 20, title: '10 lb', sku: 'MATAB-10', priceCents: 4999, compareAtPriceCents: null, forSale: true, quantity: 0, backorder: true },
        { id: 21, title: '25 lb', sku: 'MATAB-25', priceCents: 8999, compareAtPriceCents: 8999, forSale: false, quantity: 9, backorder: false },
      ] },
      { origin, links, usedIds: new Set() },
    );
    expect(rows.map((r) => [r.id, r.title, r.link, r.item_group_id, r.availability, r.price, r.sale_price, r.mpn, r.identifier_exists, r.description])).toEqual([
      ['MATAB-10', 'Chlorine Tablets - 10 lb', 'https://shop.example/products/tabs?variant=20', 'MATAB', 'backorder', '49.99 USD', '', 'MATAB-10', 'no', 'Chlorine Tablets'],
      ['MATAB-25', 'Chlorine Tablets - 25 lb', 'https://shop.example/products/tabs?variant=21', 'MATAB', 'out_of_stock', '89.99 USD', '', 'MATAB-25', 'no', 'Chlorine Tablets'],
    ]);
  });

  test.each([
    [{ forSale: true, quantity: 2, backorder: false }, 'in_stock'],
    [{ forSale: true, quantity: 0, backorder: false }, 'out_of_stock'],
    [{ forSale: true, quantity: 0, backorder: true }, 'backorder'],
    [{ forSale: false, quantity: 5, backorder: true }, 'out_of_stock'],
  ] as const)('availability of %o is %s', (variant, expected) => {
    expect(feedAvailability(variant)).toBe(expected);
  });

  test('the notices: Prop 65 as Google\'s prop_65 consumer notice, hazmat handling as its safety_warning, not returnable once opened as the return policy label', () => {
    const base = { handle: 'tabs', title: 'Trichlor Tablets', sku: null, productCode: null, vendor: null, weight: null, descriptionHtml: null, seoDescription: null, imageUrl: null, gtin: null, collectionTrail: [] };
    const variant = { title: 'Default Title', sku: null, priceCents: 8999, compareAtPriceCents: null, forSale: true, quantity: 4, backorder: false };
    const ctx = () => ({ origin, links, usedIds: new Set<string>() });
    const trichlor: ProductNotice[] = [{ kind: 'prop65', cancer: ['chloroform'], reproductiveHarm: ['chloroform'] }, { kind: 'not-returnable-once-opened' }];
    const [tabs] = feedRows({ ...base, id: 3, notices: trichlor, variants: [{ ...variant, id: 30, hazmat: true }] }, ctx());
    expect(tabs!.consumer_notice).toBe(`prop_65:${prop65FullWarning(trichlor)}`);
    expect(tabs!.consumer_notice).toMatch(/^prop_65:⚠ WARNING: This product can expose you to chemicals including chloroform, which is known to the State of California to cause cancer.* For more information go to www\.P65Warnings\.ca\.gov\.$/);
    expect(tabs!.return_policy_label).toBe('not-returnable-once-opened');
    expect(tabs!.notices).toEqual([...trichlor, { kind: 'hazmat-handling' }]);
    expect(JSON.parse(jsonLine(tabs!))).toMatchObject({ consumer_notice: tabs!.consumer_notice, return_policy_label: 'not-returnable-once-opened', notices: [...trichlor, { kind: 'hazmat-handling' }] });
    expect(tsvLine(tabs!).slice(0, -1).split('\t').slice(-2)).toEqual([tabs!.consumer_notice, 'not-returnable-once-opened']);

    // chlorine without a Prop 65 warning: the handling text, on the variant that ships as hazmat only
    const [jug, sample] = feedRows({ ...base, id: 4, title: 'Liquid Chlorine', variants: [{ ...variant, id: 40, title: '4 x 1 gal', hazmat: true }, { ...variant, id: 41, title: 'Test strip sample' }] }, ctx());
    expect(jug!.consumer_notice).toBe(`safety_warning:${HAZMAT_HANDLING_TEXT}`);
    expect(jug!.notices).toEqual([{ kind: 'hazmat-handling' }]);
    expect([sample!.consumer_notice, sample!.return_policy_label, sample!.notices]).toEqual(['', '', []]);
    expect(JSON.parse(jsonLine(sample!))).not.toHaveProperty('notices');
  });

  test('a long warning is clipped to Google\'s 1,000 characters, on one line', () => {
    const names = Array.from({ length: 60 }, (_, i) => `chemical\tnumber ${i}`);
    const line = feedConsumerNotice([{ kind: 'prop65', cancer: names, reproductiveHarm: [] }]);
    expect(line.startsWith('prop_65:⚠ WARNING: This product can expose you to chemicals including chemical number 0, ')).toBe(true);
    expect(Array.from(line.slice('prop_65:'.length))).toHaveLength(FEED_LIMITS.consumer_notice_message);
    expect(line).not.toMatch(/[\t\r\n]/);
    expect(feedConsumerNotice([])).toBe('');
    expect(feedConsumerNotice([{ kind: 'not-returnable-once-opened' }])).toBe('');
  });

  test('prices, weights and clipping', () => {
    expect(feedPrice(1299)).toBe('12.99 USD');
    expect(feedPrice(5)).toBe('0.05 USD');
    expect(feedPrice(129900)).toBe('1299.00 USD');
    expect(feedWeight(3)).toBe('3 lb');
    expect(feedWeight(2.256)).toBe('2.26 lb');
    expect(feedWeight(0)).toBe('');
    expect(clip('🏊'.repeat(60), 50)).toBe('🏊'.repeat(50));
    expect(tsvHeader()).toBe(`${FEED_COLUMNS.join('\t')}\n`);
  });
});
