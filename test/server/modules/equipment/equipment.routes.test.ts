import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { normalizePartNumber } from '../../../../src/server/modules/search/text.ts';
import { getJson, seededApp } from '../catalogue/catalogue.helpers.ts';

let app: FastifyInstance;
let db: Db;

interface Row { id: number; handle: string; type: string; brand: string; modelNumber: string; aliases: string[]; model: string }

/** Every model through the API (two pages of 100). */
async function allModels(): Promise<Row[]> {
  const out: Row[] = [];
  for (let page = 0; ; page++) {
    const { body } = await getJson(app, `/api/equipment?limit=100&page=${page}`);
    out.push(...body.equipment);
    if (body.equipment.length < 100) return out;
  }
}

beforeAll(async () => {
  ({ app, db } = await seededApp(300, 11));
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('GET /api/equipment', () => {
  test('lists every model by brand, series and model with paging and type and brand counts', async () => {
    const { status, body } = await getJson(app, '/api/equipment?limit=5');
    expect(status).toBe(200);
    expect(body.equipment).toHaveLength(5);
    const total = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM equipment'))!.n;
    // 300 products hold the parts of a couple of dozen models (each part belongs to one series)
    expect(total).toBeGreaterThanOrEqual(10);
    expect(body.pageInfo).toEqual({ limitPerPage: 5, totalObjects: total, totalPages: Math.ceil(total / 5), pages: Math.ceil(total / 5), count: 5 });
    expect(body.facets.types.reduce((n: number, t: { count: number }) => n + t.count, 0)).toBe(total);
    // the types this small store has, in the browse order
    const types = body.facets.types.map((t: { type: string }) => t.type);
    expect(types.length).toBeGreaterThanOrEqual(5);
    expect(types).toEqual(['pump', 'filter', 'heater', 'heat-pump', 'salt-system', 'cleaner', 'automation', 'light', 'valve', 'skimmer'].filter((t) => types.includes(t)));
    const all = await allModels();
    expect(all).toHaveLength(total);
    const keys = all.map((e) => `${e.brand.toLowerCase()}\u0000${e.model}`);
    expect(keys.map((k) => k.split('\u0000')[0])).toEqual([...keys].sort().map((k) => k.split('\u0000')[0]));
  });

  test('q finds a model by its number or alias whatever the case, spaces and hyphens, and by prefix, the exact number first', async () => {
    const all = await allModels();
    const m = all.find((e) => e.aliases.length > 0)!;
    const spaced = `${m.modelNumber.slice(0, 3).toLowerCase()} - ${m.modelNumber.slice(3)}`;
    const exact = await getJson(app, `/api/equipment?q=${encodeURIComponent(spaced)}`);
    expect(exact.body.equipment[0].id).toBe(m.id);
    const alias = await getJson(app, `/api/equipment?q=${encodeURIComponent(m.aliases[0]!.toLowerCase())}`);
    expect(alias.body.equipment[0].id).toBe(m.id);
    const prefix = normalizePartNumber(m.modelNumber).slice(0, 5);
    const byPrefix = await getJson(app, `/api/equipment?q=${prefix}&limit=100`);
    const expected = all.filter((e) => [e.modelNumber, ...e.aliases].some((n) => normalizePartNumber(n).startsWith(prefix)));
    expect(byPrefix.body.equipment.map((e: Row) => e.id).sort()).toEqual(expected.map((e) => e.id).sort());
  });

  test('q also finds models by name words (as prefixes), and type and brand filter with counts of the other filter', async () => {
    const all = await allModels();
    const m = all[7]!;
    const word = m.model.split(' ')[0]!.slice(0, 4);
    const { body } = await getJson(app, `/api/equipment?q=${encodeURIComponent(word)}&limit=100`);
    expect(body.equipment.map((e: Row) => e.id)).toContain(m.id);
    const pumps = await getJson(app, '/api/equipment?type=pump&limit=100');
    expect(pumps.body.equipment.length).toBeGreaterThan(0);
    expect(pumps.body.equipment.every((e: Row) => e.type === 'pump')).toBe(true);
    expect(pumps.body.pageInfo.totalObjects).toBe(all.filter((e) => e.type === 'pump').length);
    const brand = pumps.body.facets.brands[0];
    expect(brand.count).toBe(all.filter((e) => e.type === 'pump' && e.brand === brand.brand).length);
    const both = await getJson(app, `/api/equipment?type=pump&brand=${encodeURIComponent(brand.brand.toUpperCase())}&limit=100`);
    expect(both.body.equipment).toHaveLength(brand.count);
    expect(both.body.facets.types.find((t: { type: string }) => t.type === 'pump').count).toBe(brand.count);
  });

  test('bad input answers 400 with { error }, never 500', async () => {
    for (const url of ['/api/equipment?type=boat', '/api/equipment?limit=0', '/api/equipment?limit=101', '/api/equipment?page=-1', '/api/equipment?page=1e3', `/api/equipment?q=${'x'.repeat(101)}`]) {
      const res = await getJson(app, url);
      expect(res.status, url).toBe(400);
      expect(typeof res.body.error, url).toBe('string');
    }
  });
});

describe('GET /api/equipment/handle/{handle}', () => {
  test('answers the model with its diagrams (numbered callouts naming products) and its parts as cards', async () => {
    const { handle, id } = (await db.get<{ handle: string; id: number }>('SELECT handle, id FROM equipment WHERE id = 3'))!;
    const { status, body } = await getJson(app, `/api/equipment/handle/${handle}`);
    expect(status).toBe(200);
    const e = body.equipment;
    expect(e.id).toBe(id);
    const rows = await db.all<{ diagramId: number; number: number; productId: number; quantity: number; x: number; y: number }>(
      'SELECT c.diagram_id AS diagramId, c.number, c.product_id AS productId, c.quantity, c.x, c.y FROM diagram_callouts c JOIN diagrams d ON d.id = c.diagram_id WHERE d.equipment_id = ? ORDER BY d.position, c.number', [id]);
    expect(e.diagrams.flatMap((d: { id: number; callouts: { number: number; productId: number; quantity: number; x: number; y: number }[] }) =>
      d.callouts.map((c) => ({ diagramId: d.id, number: c.number, productId: c.productId, quantity: c.quantity, x: c.x, y: c.y })))).toEqual(rows);
    expect(e.diagrams[0].imageUrl).toBe(`/media/diagrams/${e.diagrams[0].id}.svg`);
    const first = e.diagrams[0].callouts[0];
    const product = await db.get<{ handle: string; title: string }>('SELECT handle, title FROM products WHERE id = ?', [first.productId]);
    expect({ handle: first.handle, title: first.title }).toEqual(product);
    const fits = await db.all<{ productId: number }>('SELECT product_id AS productId FROM equipment_fitment WHERE equipment_id = ? ORDER BY product_id', [id]);
    expect(e.parts.map((p: { product: { id: number } }) => p.product.id).sort((a: number, b: number) => a - b)).toEqual(fits.map((f) => f.productId));
    expect(e.partCount).toBe(fits.length);
    const part = e.parts[0];
    expect(part.product).toMatchObject({ id: first.productId, handle: first.handle });
    expect(typeof part.product.price).toBe('number');
    expect(part.callouts[0]).toEqual({ diagramId: e.diagrams[0].id, number: 1 });
  });

  test('universal parts (filter media) are listed after the bill of materials, with no callout', async () => {
    const { handle } = (await db.get<{ handle: string }>(
      'SELECT e.handle FROM equipment e JOIN equipment_fitment f ON f.equipment_id = e.id WHERE f.universal = 1 ORDER BY e.id LIMIT 1'))!;
    const { body } = await getJson(app, `/api/equipment/handle/${handle}`);
    const parts = body.equipment.parts as { universal: boolean; callouts: unknown[] }[];
    const firstUniversal = parts.findIndex((p) => p.universal);
    expect(firstUniversal).toBeGreaterThan(0);
    expect(parts.slice(firstUniversal).every((p) => p.universal && p.callouts.length === 0)).toBe(true);
    expect(parts.slice(0, firstUniversal).every((p) => !p.universal && p.callouts.length === 1)).toBe(true);
  });

  test('an unknown handle is a 404 with { error }', async () => {
    const res = await getJson(app, '/api/equipment/handle/no-such-model');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Equipment not found' });
  });

  test('the diagram and the model picture are SVGs with a numbered circle at every callout; unknown ones 404', async () => {
    const { body } = await getJson(app, `/api/equipment/handle/${(await db.get<{ handle: string }>('SELECT handle FROM equipment WHERE id = 4'))!.handle}`);
    const d = body.equipment.diagrams[0];
    const svg = await app.inject({ url: d.imageUrl });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain(`viewBox="0 0 ${d.width} ${d.height}"`);
    for (const c of d.callouts) expect(svg.body).toContain(`<circle cx="${c.x}" cy="${c.y}" r="${d.calloutRadius}"`);
    const picture = await app.inject({ url: body.equipment.imageUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.body.startsWith('<svg')).toBe(true);
    for (const url of ['/media/diagrams/999999.svg', '/media/diagrams/abc.svg', '/media/equipment/0.svg', '/media/equipment/99999999999.svg']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(typeof res.json().error).toBe('string');
    }
  });
});

describe('GET /api/products/filter?fits=', () => {
  test('answers only the products that fit the model, with totals and vendor counts over them', async () => {
    const { handle, id } = (await db.get<{ handle: string; id: number }>('SELECT handle, id FROM equipment WHERE id = 5'))!;
    const fits = (await db.all<{ productId: number }>('SELECT product_id AS productId FROM equipment_fitment WHERE equipment_id = ?', [id])).map((r) => r.productId);
    const { status, body } = await getJson(app, `/api/products/filter?fits=${handle}&limit=100`);
    expect(status).toBe(200);
    expect(body.products.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b)).toEqual([...fits].sort((a, b) => a - b));
    expect(body.pageInfo.totalObjects).toBe(fits.length);
    const vendors = await db.all<{ vendor: string; n: number }>(
      `SELECT v.name AS vendor, COUNT(*) AS n FROM products p JOIN vendors v ON v.id = p.vendor_id WHERE p.id IN (${fits.join(',')}) GROUP BY v.name`);
    expect(Object.fromEntries(body.pageInfo.availableVendors.map((v: { vendor: string; vendorCount: number }) => [v.vendor, v.vendorCount])))
      .toEqual(Object.fromEntries(vendors.map((v) => [v.vendor, v.n])));
  });

  test('several models answer the products that fit any of them, combined with the other filters', async () => {
    const two = await db.all<{ handle: string; id: number }>('SELECT handle, id FROM equipment WHERE id = 6 OR id = (SELECT MAX(id) FROM equipment) ORDER BY id');
    expect(two).toHaveLength(2);
    const union = new Set((await db.all<{ productId: number }>(`SELECT product_id AS productId FROM equipment_fitment WHERE equipment_id IN (${two.map((t) => t.id).join(',')})`)).map((r) => r.productId));
    const { body } = await getJson(app, `/api/products/filter?fits=${two.map((t) => t.handle).join(',')}&limit=100`);
    expect(body.pageInfo.totalObjects).toBe(union.size);
    const vendor = body.pageInfo.availableVendors[0];
    const narrowed = await getJson(app, `/api/products/filter?fits=${two.map((t) => t.handle).join(',')}&v=${encodeURIComponent(vendor.vendor)}&limit=100`);
    expect(narrowed.body.pageInfo.totalObjects).toBe(vendor.vendorCount);
    expect(narrowed.body.products.every((p: { id: number; vendor: string }) => union.has(p.id) && p.vendor === vendor.vendor)).toBe(true);
  });

  test('an unknown model is a 404, a malformed list a 400', async () => {
    expect((await getJson(app, '/api/products/filter?fits=no-such-model')).status).toBe(404);
    const handle = (await db.get<{ handle: string }>('SELECT handle FROM equipment WHERE id = 1'))!.handle;
    for (const url of [`/api/products/filter?fits=${handle},`, '/api/products/filter?fits=', `/api/products/filter?fits=${Array.from({ length: 21 }, () => handle).map((h, i) => `${h}${i}`).join(',')}`]) {
      const res = await getJson(app, url);
      expect(res.status, url).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });
});

describe('product detail and search with part numbers', () => {
  test('a product carries the models it fits, its part numbers, and its replacement when superseded', async () => {
    const { productId, replacedById } = (await db.get<{ productId: number; replacedById: number }>(
      'SELECT product_id AS productId, replaced_by_id AS replacedById FROM product_supersessions ORDER BY product_id LIMIT 1'))!;
    const old = (await db.get<{ handle: string; product_code: string }>('SELECT handle, product_code FROM products WHERE id = ?', [productId]))!;
    const { body } = await getJson(app, `/api/products/handle/${old.handle}`);
    expect(body.product.SupersededBy).toMatchObject({ id: replacedById });
    expect(body.product.PartNumbers[0]).toEqual({ number: old.product_code, kind: 'oem' });
    const fits = await db.all<{ id: number; handle: string }>(
      'SELECT e.id, e.handle FROM equipment_fitment f JOIN equipment e ON e.id = f.equipment_id WHERE f.product_id = ? ORDER BY e.id', [productId]);
    expect(body.product.Fitments.map((f: { id: number }) => f.id).sort((a: number, b: number) => a - b)).toEqual(fits.map((f) => f.id));
    const replacement = await db.get<{ handle: string }>('SELECT handle FROM products WHERE id = ?', [replacedById]);
    const current = await getJson(app, `/api/products/handle/${replacement!.handle}`);
    expect(current.body.product.SupersededBy).toBeNull();
    expect(current.body.product.PartNumbers).toContainEqual({ number: old.product_code, kind: 'supersedes' });
  });

  test('searching an old part number answers the replacement first and says which number matched', async () => {
    const rows = await db.all<{ productId: number; replacedById: number; code: string }>(
      'SELECT s.product_id AS productId, s.replaced_by_id AS replacedById, p.product_code AS code FROM product_supersessions s JOIN products p ON p.id = s.product_id');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows.slice(0, 5)) {
      const typed = r.code.toLowerCase().replace(/-/g, ' ');
      const { body } = await getJson(app, `/api/products/filter?q=${encodeURIComponent(typed)}&limit=10`);
      expect(body.products[0].id, r.code).toBe(r.replacedById);
      expect(body.products.map((p: { id: number }) => p.id)).toContain(r.productId);
      expect(body.matchedPartNumber).toEqual({ number: r.code, kind: 'supersedes', productId: r.replacedById });
    }
  });

  test('searching an aftermarket number finds its product first, with the number and kind', async () => {
    const a = (await db.get<{ productId: number; number: string }>(
      `SELECT n.product_id AS productId, n.number FROM product_part_numbers n
       WHERE n.kind = 'aftermarket' AND n.product_id NOT IN (SELECT product_id FROM product_supersessions)
       AND (SELECT COUNT(*) FROM product_part_numbers o WHERE o.normalized = n.normalized) = 1 ORDER BY n.product_id LIMIT 1`))!;
    const { body } = await getJson(app, `/api/products/filter?q=${encodeURIComponent(a.number)}`);
    expect(body.products[0].id).toBe(a.productId);
    expect(body.matchedPartNumber).toEqual({ number: a.number, kind: 'aftermarket', productId: a.productId });
  });

  test('a query that is a model number answers the matching equipment beside the products; other queries none', async () => {
    const m = (await db.get<{ id: number; number: string }>('SELECT equipment_id AS id, number FROM equipment_numbers WHERE position = 0 AND equipment_id = 9'))!;
    const { body } = await getJson(app, `/api/products/filter?q=${encodeURIComponent(m.number.toLowerCase())}&limit=4`);
    expect(body.equipment[0].id).toBe(m.id);
    expect(body.equipment.length).toBeLessThanOrEqual(5);
    expect(Array.isArray(body.products)).toBe(true);
    const words = await getJson(app, '/api/products/filter?q=pump&limit=4');
    expect(words.body.equipment).toEqual([]);
    expect(words.body.matchedPartNumber).toBeUndefined();
    const none = await getJson(app, '/api/products/filter?limit=4');
    expect(none.body.equipment).toBeUndefined();
  });
});

describe('a believable parts list and a replaced part said so', () => {
  test("every model's callouts are its parts list and its parts list its callouts, each part once", async () => {
    for (const { handle } of await db.all<{ handle: string }>('SELECT handle FROM equipment ORDER BY id')) {
      const { body } = await getJson(app, `/api/equipment/handle/${handle}`);
      const callouts = (body.equipment.diagrams as { callouts: { productId: number; quantity: number }[] }[]).flatMap((d) => d.callouts);
      const listed = (body.equipment.parts as { product: { id: number }; universal: boolean; quantity: number; callouts: unknown[] }[]).filter((p) => !p.universal);
      expect(callouts.map((c) => c.productId), handle).toEqual(listed.map((p) => p.product.id));
      expect(new Set(callouts.map((c) => c.productId)).size).toBe(callouts.length);
      expect(listed.every((p, i) => p.callouts.length === 1 && p.quantity === callouts[i]!.quantity)).toBe(true);
    }
  });

  test("a search for an old number says 'Part X was replaced by Y' in its page info; a current number says nothing", async () => {
    const r = (await db.get<{ oldCode: string; newId: number; newHandle: string; newCode: string }>(
      `SELECT o.product_code AS oldCode, n.id AS newId, n.handle AS newHandle, n.product_code AS newCode
       FROM product_supersessions s JOIN products o ON o.id = s.product_id JOIN products n ON n.id = s.replaced_by_id ORDER BY s.product_id LIMIT 1`))!;
    const { body } = await getJson(app, `/api/products/filter?q=${encodeURIComponent(r.oldCode.toLowerCase())}`);
    expect(body.pageInfo.replacedBy).toEqual(expect.objectContaining({ number: r.oldCode, replacementNumber: r.newCode, productId: r.newId, handle: r.newHandle }));
    expect(body.products[0].id).toBe(r.newId);
    const current = await getJson(app, `/api/products/filter?q=${encodeURIComponent(r.newCode)}`);
    expect(current.body.pageInfo.replacedBy).toBeUndefined();
  });

  test("the old part's detail names its replacement's number and its description agrees with the cross-reference", async () => {
    const r = (await db.get<{ oldHandle: string; oldCode: string; newCode: string; newHtml: string }>(
      `SELECT o.handle AS oldHandle, o.product_code AS oldCode, n.product_code AS newCode, n.description_html AS newHtml
       FROM product_supersessions s JOIN products o ON o.id = s.product_id JOIN products n ON n.id = s.replaced_by_id ORDER BY s.product_id LIMIT 1`))!;
    const { body } = await getJson(app, `/api/products/handle/${r.oldHandle}`);
    expect(body.product.SupersededByNumber).toBe(r.newCode);
    expect(body.product.descriptionHtml).toContain(`Part ${r.oldCode} was replaced by ${r.newCode}`);
    expect(r.newHtml).toContain(`It replaces part ${r.oldCode}.`);
    // no description claims fitment the cross-reference does not hold
    const fits = await db.all<{ html: string }>("SELECT description_html AS html FROM products WHERE description_html LIKE '%series equipment; replaces part%'");
    expect(fits).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  test('describes the equipment routes, My equipment and the fits parameter', async () => {
    const { body } = await getJson(app, '/api/docs/json');
    for (const path of ['/api/equipment', '/api/equipment/handle/{handle}', '/api/account/equipment', '/api/account/equipment/{handle}', '/media/diagrams/{file}']) {
      expect(Object.keys(body.paths), path).toContain(path);
    }
    const filter = body.paths['/api/products/filter'].get;
    expect(filter.parameters.map((p: { name: string }) => p.name)).toContain('fits');
    expect(Object.keys(filter.responses['200'].content['application/json'].schema.properties)).toEqual(['products', 'pageInfo', 'equipment', 'matchedPartNumber']);
  });
});
