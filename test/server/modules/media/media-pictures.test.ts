/**
 * Product pictures that tell parts apart (issue 31): each product's picture is drawn from its
 * own facts (part number, title, weight, attributes), so two pumps of another horsepower or two
 * valves of another pipe size differ, its part number is on its label, no picture prints its
 * own file name, and any facts give a well-formed SVG drawn inside its box.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { PART_ART_VERSION, renderPartSvg, type PartPicture } from '../../../../src/server/modules/media/drawing.ts';
import { productPictureFacts } from '../../../../src/server/modules/media/repository.ts';
import { COLLECTION_TREE, SHAPES, type OptionDef, type Shape, type TreeNode } from '../../../../src/server/seed/catalogue-data.ts';
import { seededApp } from '../catalogue/catalogue.helpers.ts';
import { drawnBoxes, extent, labels, parseSvg } from './media-pictures.helpers.ts';

const draw = (o: Partial<PartPicture> & { shape: Shape }): string => renderPartSvg({ hue: 200, width: 400, ...o });
const width = (svg: string): number => extent(svg).x1 - extent(svg).x0;
const height = (svg: string): number => extent(svg).y1 - extent(svg).y0;

describe('two products of one kind with other facts get other pictures', () => {
  test('a 3 HP pump is drawn longer than a 0.75 HP pump of the same line, and says so on its plate', () => {
    const small = draw({ shape: 'pump', title: 'Full-Rated Pool Pump', partNumber: 'AQC-1001-K', attributes: [['Horsepower', '0.75 HP'], ['Voltage', '115V']] });
    const big = draw({ shape: 'pump', title: 'Full-Rated Pool Pump', partNumber: 'AQC-1001-K', attributes: [['Horsepower', '3.0 HP'], ['Voltage', '230V']] });
    expect(big).not.toBe(small);
    expect(width(big)).toBeGreaterThan(width(small) + 60);
    expect(labels(big)).toContain('3 HP 230V');
    expect(labels(small)).toContain('0.75 HP 115V');
  });

  test('a booster pump has no strainer pot, a variable speed pump carries its drive', () => {
    const facts = { partNumber: 'HV-63-RT', attributes: [['Horsepower', '1.5 HP']] as [string, string][] };
    const inground = draw({ shape: 'pump', title: 'Full-Rated Pool Pump', ...facts });
    const booster = draw({ shape: 'pump', title: 'Pressure Cleaner Booster Pump', ...facts });
    const variable = draw({ shape: 'pump', title: 'Variable Speed Pool Pump', ...facts, attributes: [...facts.attributes, ['Speed', 'Variable']] });
    expect(new Set([inground, booster, variable]).size).toBe(3);
    // the pot sits right of the volute: the booster ends with its volute
    expect(width(booster)).toBeLessThan(width(inground) - 50);
    // the drive's keypad display on top of the motor
    expect(variable).toContain('#cfe8d8');
    expect(inground).not.toContain('#cfe8d8');
  });

  test.each([
    ['a sand filter by its tank size', 'filter', 'Top-Mount Sand Filter', ['Tank Size', '19"'], ['Tank Size', '30"'], height],
    ['a cartridge filter by its area', 'filter', 'Cartridge Filter', ['Filter Area', '50 sq ft'], ['Filter Area', '200 sq ft'], height],
    ['a replacement cartridge by its area', 'cartridge', 'Pool Filter Cartridge', ['Filter Area', '50 sq ft'], ['Filter Area', '200 sq ft'], height],
    ['a motor by its horsepower', 'motor', 'Full-Rated Pool Motor', ['Horsepower', '0.75 HP'], ['Horsepower', '3.0 HP'], width],
    ['a ball valve by its pipe size', 'valve', 'True Union Ball Valve', ['Pipe Size', '1.5"'], ['Pipe Size', '3"'], height],
    ['a gas heater by its BTU', 'heater', 'Natural Gas Pool Heater', ['BTU', '150,000 BTU'], ['BTU', '400,000 BTU'], height],
    ['a salt cell by the pool it serves', 'cell', 'Replacement Salt Cell', ['Pool Size', 'up to 20,000 gal'], ['Pool Size', 'up to 40,000 gal'], width],
  ] as const)('%s: the bigger rating is drawn bigger', (_name, shape, title, lo, hi, measure) => {
    const small = draw({ shape, title, partNumber: 'KTW 3407 B', attributes: [lo] });
    const big = draw({ shape, title, partNumber: 'KTW 3407 B', attributes: [hi] });
    expect(big).not.toBe(small);
    expect(measure(big)).toBeGreaterThan(measure(small));
  });

  test('a 3-way diverter has its third port below the body, a 2-way diverter none', () => {
    const two = draw({ shape: 'valve', title: '2-Way Diverter Valve', partNumber: 'M9183026' });
    const three = draw({ shape: 'valve', title: '3-Way Diverter Valve', partNumber: 'M9183026' });
    expect(extent(three).y1).toBeGreaterThan(extent(two).y1 + 20);
  });

  test('a part that comes in colours is drawn in its colour', () => {
    const white = draw({ shape: 'jet', title: 'Directional Spa Jet', partNumber: '47-5210-D', attributes: [['Color', 'White']] });
    const black = draw({ shape: 'jet', title: 'Directional Spa Jet', partNumber: '47-5210-D', attributes: [['Color', 'Black']] });
    const lightness = (svg: string): number => Number(/id="pm"[^>]*><stop offset="0" stop-color="hsl\(\d+,\d+%,(\d+)%\)/.exec(svg)?.[1]);
    expect(lightness(white)).toBeGreaterThan(80);
    expect(lightness(black)).toBeLessThan(45);
  });

  test('a 4-pack shows more than one part and says it is a pack', () => {
    const single = draw({ shape: 'ring', title: 'Pump Lid O-Ring', partNumber: 'PLW614-LF', attributes: [['Pack', 'Single']] });
    const pack = draw({ shape: 'ring', title: 'Pump Lid O-Ring', partNumber: 'PLW614-LF', attributes: [['Pack', '4-Pack']] });
    const rings = (svg: string): number => drawnBoxes(svg).filter((b) => b.tag === 'circle').length;
    expect(rings(pack)).toBeGreaterThan(rings(single));
    expect(labels(pack)).toContain('4-pack');
  });

  test('the same facts always give the same picture', () => {
    const o = { shape: 'valve' as const, title: 'Lube-Free Diverter Valve', partNumber: 'AQC-4821-K', weight: 2.5, attributes: [['Pipe Size', '2"']] as [string, string][] };
    expect(draw(o)).toBe(draw({ ...o, attributes: [['Pipe Size', '2"']] }));
  });

  test('a picture without facts (a collection or equipment picture) draws the part with no label', () => {
    for (const shape of SHAPES) expect(labels(draw({ shape }))).toEqual([]);
  });
});

describe('seeded products', () => {
  let app: FastifyInstance;
  let db: Db;
  beforeAll(async () => {
    ({ app, db } = await seededApp(160, 5));
  });
  afterAll(async () => {
    await app.close();
  });

  /** The first picture of every product with one, with the facts the route draws it from. */
  const pictures = async () => {
    const rows = await db.all<{ id: number; productId: number; url: string; shape: Shape; hue: number; code: string | null; sku: string | null }>(
      `SELECT i.id, i.product_id AS "productId", i.url, i.shape, i.hue, p.product_code AS code, p.sku
       FROM product_images i JOIN products p ON p.id = i.product_id WHERE i.position = 0 ORDER BY i.id`,
    );
    return Promise.all(rows.map(async (r) => ({ ...r, facts: await productPictureFacts(db, r.productId) })));
  };

  test('every product picture prints its own part number, never its file name or URL', async () => {
    const list = await pictures();
    expect(list.length).toBeGreaterThan(100);
    for (const p of list) {
      const svg = renderPartSvg({ ...p.facts, shape: p.shape, hue: p.hue, width: 400 });
      expect(labels(svg)[0], p.url).toBe(p.code ?? p.sku);
      expect(svg).not.toContain(p.url);
      expect(svg).not.toContain('/media/');
      expect(svg).not.toContain('.png');
      expect(svg).not.toContain(`${p.id}-400`);
    }
  });

  test('the products of one kind get pictures of their own', async () => {
    const list = (await pictures()).filter((p) => p.shape === 'pump' || p.shape === 'ring' || p.shape === 'jar');
    // at one hue, so only the products' own facts can tell them apart
    const svgs = list.map((p) => renderPartSvg({ ...p.facts, shape: p.shape, hue: 120, width: 400 }));
    expect(list.length).toBeGreaterThan(10);
    expect(new Set(svgs).size).toBe(list.length);
  });

  test('the facts are the product\'s: its part number, title, weight and attributes in display order', async () => {
    const row = await db.get<{ id: number; code: string; title: string }>(
      `SELECT p.id, p.product_code AS code, p.title FROM products p WHERE EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = p.id) ORDER BY p.id LIMIT 1`,
    );
    const facts = await productPictureFacts(db, row!.id);
    expect(facts.partNumber).toBe(row!.code);
    expect(facts.title).toBe(row!.title);
    const option = await db.get<{ name: string; value: string }>(
      `SELECT o.name, v.value FROM product_options o JOIN option_values v ON v.option_id = o.id WHERE o.product_id = ? ORDER BY o.position, v.position LIMIT 1`,
      [row!.id],
    );
    expect(facts.attributes?.[0]).toEqual([option!.name, option!.value]);
    expect(facts.attributes?.some(([name]) => name === 'Brand')).toBe(true);
    expect(await productPictureFacts(db, 99_999_999)).toEqual({});
  });

  test('the served picture is the one drawn from its product\'s facts', async () => {
    const [p] = (await pictures()).filter((x) => x.shape === 'pump');
    const res = await app.inject({ url: `/media/images/${p!.id}-400.png` });
    expect(res.statusCode).toBe(200);
    const own = await sharp(Buffer.from(renderPartSvg({ ...p!.facts, shape: p!.shape, hue: p!.hue, width: 400 })))
      .png({ palette: true, quality: 90, compressionLevel: 9 })
      .toBuffer();
    const generic = await sharp(Buffer.from(renderPartSvg({ shape: p!.shape, hue: p!.hue, width: 400 })))
      .png({ palette: true, quality: 90, compressionLevel: 9 })
      .toBuffer();
    expect(res.rawPayload.equals(own)).toBe(true);
    expect(res.rawPayload.equals(generic)).toBe(false);
  });

  test('the drawing version was raised, so pictures cached by the one-drawing-per-kind art are drawn again', () => {
    expect(PART_ART_VERSION).toBeGreaterThanOrEqual(5);
  });
});

/** Every title noun, option and tag of the catalogue's leaves. */
function vocabulary(): { nouns: string[]; attributes: OptionDef[] } {
  const nouns: string[] = [];
  const attributes: OptionDef[] = [];
  const walk = (nodes: readonly TreeNode[]): void => {
    for (const node of nodes) {
      if ('leaf' in node) {
        nouns.push(...node.leaf.nouns);
        attributes.push(...node.leaf.options, ...node.leaf.tags);
      } else {
        walk(node.children);
      }
    }
  };
  walk(COLLECTION_TREE);
  return { nouns, attributes };
}

describe('any facts give a well-formed picture drawn inside its box (property)', () => {
  const { nouns, attributes } = vocabulary();
  const names = [...new Set(attributes.map(([name]) => name))];
  const attribute = fc.oneof(
    // a value the catalogue has
    fc.constantFrom(...attributes).chain(([name, values]) => fc.tuple(fc.constant(name), values.length > 0 ? fc.constantFrom(...values) : fc.constant(''))),
    // any number with a unit, or any text, under a name the drawings read
    fc.tuple(
      fc.constantFrom(...names),
      fc.oneof(
        fc.tuple(fc.double({ min: -1e9, max: 1e12, noNaN: true }), fc.constantFrom(' HP', '"', ' sq ft', ' BTU', ' kW', ' lb', ' gal', ' oz', ' ft', '-Pack', ' Aux')).map(([v, u]) => `${v}${u}`),
        fc.string({ unit: 'binary', maxLength: 30 }),
      ),
    ),
  );
  const facts = fc.record({
    shape: fc.constantFrom(...SHAPES),
    hue: fc.oneof(fc.integer({ min: 0, max: 359 }), fc.double()),
    width: fc.constantFrom(200, 400, 800),
    partNumber: fc.option(fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('A&B <1> "2"', 'AQC-4821-K', '')), { nil: null }),
    title: fc.option(fc.oneof(fc.constantFrom(...nouns), fc.tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...nouns), fc.string({ maxLength: 12 })).map((p) => p.join(' '))), { nil: null }),
    weight: fc.option(fc.oneof(fc.double(), fc.double({ min: 0.01, max: 300, noNaN: true })), { nil: null }),
    attributes: fc.array(attribute, { maxLength: 8 }),
  });

  test('parses as XML, has no transform or relative path, and everything it draws is inside 0..400', () => {
    fc.assert(
      fc.property(facts, (o) => {
        const svg = renderPartSvg(o);
        const root = parseSvg(svg);
        expect(root.getAttribute('viewBox')).toBe('0 0 400 400');
        expect(root.getAttribute('width')).toBe(String(o.width));
        for (const { tag, box } of drawnBoxes(svg)) {
          expect(box.x0, `${tag} ${JSON.stringify(box)}`).toBeGreaterThanOrEqual(0);
          expect(box.y0, `${tag} ${JSON.stringify(box)}`).toBeGreaterThanOrEqual(0);
          expect(box.x1, `${tag} ${JSON.stringify(box)}`).toBeLessThanOrEqual(400);
          expect(box.y1, `${tag} ${JSON.stringify(box)}`).toBeLessThanOrEqual(400);
        }
      }),
      { numRuns: Number(process.env.MEDIA_RUNS ?? 300) },
    );
  }, 120_000);

  describe('counter examples', () => {
    test('a control character in a part number is left off the label (it made the SVG unreadable)', () => {
      const svg = draw({ shape: 'pump', partNumber: 'AB\u0000C\u001b-1' });
      expect(labels(svg)).toEqual(['ABC-1']);
    });

    test("a tall spa cartridge's handle stays inside the picture (its curve's control point was at -0.1)", () => {
      const svg = draw({ shape: 'cartridge', partNumber: 'A&B <1> "2"', title: 'Variable Speed Pool Pump', attributes: [['Filter Area', '178.06666666666666 HP'], ['Pack', '10-Pack'], ['Pool Type', 'Spa']] });
      for (const { box } of drawnBoxes(svg)) expect(box.y0).toBeGreaterThanOrEqual(0);
    });

    test('a pack of three 50 lb sacks stands inside the picture (the row was 490 wide)', () => {
      const svg = draw({ shape: 'bag', weight: 7.4, attributes: [['Pack', '4-Pack']], partNumber: 'SND-50-X' });
      const box = extent(svg);
      expect(box.x0).toBeGreaterThanOrEqual(0);
      expect(box.x1).toBeLessThanOrEqual(400);
    });

    test('markup in a part number is printed, not parsed', () => {
      expect(labels(draw({ shape: 'ring', partNumber: '<b>&"x"' }))).toEqual(['<b>&"x"']);
    });

    test('a part number longer than the plate ends in an ellipsis, and a pair of surrogates is not cut', () => {
      const svg = draw({ shape: 'motor', partNumber: `${'X'.repeat(16)}😀😀😀` });
      expect(labels(svg)[0]).toBe(`${'X'.repeat(16)}😀…`);
    });
  });
});
