import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { IMAGE_WIDTHS, renderPartSvg } from '../../../../src/server/modules/media/drawing.ts';
import { renderGltf } from '../../../../src/server/modules/media/gltf.ts';
import { renderSpecSheetPdf } from '../../../../src/server/modules/media/pdf.ts';
import { SHAPES } from '../../../../src/server/seed/catalogue-data.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../../src/server/app.ts';
import { seededApp } from '../catalogue/catalogue.helpers.ts';

let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  ({ app, db } = await seededApp(120, 31));
});
afterAll(async () => {
  await app.close();
});

/** Checks a PDF's cross-reference table: every offset points at its 'N 0 obj'. */
function checkPdf(bytes: Buffer): void {
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-1.4')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const table = text.slice(startxref).split('\n');
  const count = Number(table[1]?.split(' ')[1]);
  for (let n = 1; n < count; n++) {
    const entry = table[2 + n] ?? '';
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${n} 0 obj`.length)).toBe(`${n} 0 obj`);
  }
  const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
  const start = text.indexOf('stream\n') + 'stream\n'.length;
  expect(text.slice(start + length, start + length + '\nendstream'.length)).toBe('\nendstream');
}

const pngWidth = (b: Buffer): number => b.readUInt32BE(16);

describe('generated pictures', () => {
  test.each(IMAGE_WIDTHS)('a product image is a PNG %i pixels wide', async (width) => {
    const image = await db.get<{ id: number }>('SELECT id FROM product_images LIMIT 1');
    const res = await app.inject({ url: `/media/images/${image!.id}-${width}.png` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(pngWidth(res.rawPayload)).toBe(width);
  });

  test('a product picture stays small: under 60 KB at 800 wide, 20 KB at 400', async () => {
    for (const { id } of await db.all<{ id: number }>('SELECT id FROM product_images ORDER BY id LIMIT 6')) {
      const large = await app.inject({ url: `/media/images/${id}-800.png` });
      const small = await app.inject({ url: `/media/images/${id}-400.png` });
      expect(large.rawPayload.length).toBeLessThan(60_000);
      expect(small.rawPayload.length).toBeLessThan(20_000);
    }
  });

  test('every image URL the API gives resolves', async () => {
    const urls = (await db.all<{ url: string }>('SELECT url FROM product_images LIMIT 5')).map((r) => r.url);
    urls.push(...(await db.all<{ url: string }>('SELECT image_url AS url FROM collections LIMIT 3')).map((r) => r.url));
    urls.push(...(await db.all<{ url: string }>('SELECT poster_url AS url FROM model3ds LIMIT 2')).map((r) => r.url));
    for (const url of urls) expect((await app.inject({ url })).statusCode, url).toBe(200);
  });

  test.each([
    ['a width outside 200..800', '/media/images/1-900.png', 400],
    ['a width off the 100 steps', '/media/images/1-250.png', 400],
    ['an unknown image', '/media/images/999999-400.png', 404],
    ['an unknown collection', '/media/collections/999999-400.png', 404],
    ['a malformed name', '/media/images/abc.png', 404],
  ])('%s answers %s JSON', async (_name, url, status) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(status);
    expect(Object.keys(res.json())).toEqual(['error']);
  });

  test('every kind of media answers with its type and a day of caching; a refusal is not cached', async () => {
    const url = async (sql: string) => (await db.get<{ url: string }>(sql))!.url;
    const served: [string, RegExp][] = [
      [await url('SELECT url FROM product_images LIMIT 1'), /^image\/(png|svg\+xml)/],
      [await url('SELECT image_url AS url FROM collections LIMIT 1'), /^image\/(png|svg\+xml)/],
      [await url('SELECT url FROM model3ds LIMIT 1'), /^model\/gltf\+json/],
      [await url('SELECT poster_url AS url FROM model3ds LIMIT 1'), /^image\/(png|svg\+xml)/],
      [await url('SELECT url FROM pdfs LIMIT 1'), /^application\/pdf$/],
    ];
    for (const [path, type] of served) {
      const res = await app.inject({ url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(type);
      expect(res.headers['cache-control'], path).toBe('public, max-age=86400');
    }
    for (const path of ['/media/images/1-900.png', '/media/images/999999-400.png', '/media/models/999999.gltf', '/media/models/999999/poster-400.png', '/media/pdfs/nope.pdf']) {
      const res = await app.inject({ url: path });
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(res.headers['cache-control'], path).toBeUndefined();
    }
    expect((await app.inject({ url: '/media/models/999999.gltf' })).json()).toEqual({ error: 'Model not found' });
    expect((await app.inject({ url: '/media/pdfs/nope.pdf' })).json()).toEqual({ error: 'PDF not found' });
    expect((await app.inject({ url: '/media/images/1-900.png' })).json()).toEqual({ error: 'Image width must be one of 200, 300, 400, 500, 600, 700, 800' });
  });

  test('a second request of one picture gives the same bytes (from the cache)', async () => {
    const a = await app.inject({ url: '/media/collections/1-200.png' });
    const b = await app.inject({ url: '/media/collections/1-200.png' });
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
  });

  test('a picture asked for by many at once is drawn once, and counted in the metrics', async () => {
    // an app of its own: an empty media cache and metrics on
    const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-media-'));
    const own = await buildApp({ db, dataDir, webDir: join(dataDir, 'no-web'), ops: { metricsToken: 'media-test-token' } });
    try {
      const drawn = async (): Promise<number> => {
        const res = await own.inject({ url: '/metrics', headers: { authorization: 'Bearer media-test-token' } });
        expect(res.statusCode).toBe(200);
        return Number(/^skimmer_media_drawn_total (\d+)$/m.exec(res.body)?.[1]);
      };
      expect(await drawn()).toBe(0);
      const image = await db.get<{ id: number }>('SELECT id FROM product_images ORDER BY id DESC LIMIT 1');
      const url = `/media/images/${image!.id}-600.png`;
      const answers = await Promise.all(Array.from({ length: 6 }, () => own.inject({ url })));
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
      }
      expect(pngWidth(answers[0]!.rawPayload)).toBe(600);
      expect(await drawn()).toBe(1);
      // from the cache afterwards; another width is another drawing
      expect((await own.inject({ url })).rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
      expect(await drawn()).toBe(1);
      expect((await own.inject({ url: `/media/images/${image!.id}-200.png` })).statusCode).toBe(200);
      expect(await drawn()).toBe(2);
    } finally {
      await own.close();
    }
  });

  test('every shape draws a well-formed SVG product shot with no label text', () => {
    for (const shape of SHAPES) {
      const svg = renderPartSvg({ shape, hue: 120, width: 300 });
      expect(svg).toMatch(/^<svg [^>]*width="300" height="300"/);
      expect(svg.endsWith('</svg>')).toBe(true);
      // the old placeholders printed the part number under the drawing
      expect(svg).not.toContain('<text');
    }
  });

  test('a picture drawn without a product (a collection, an equipment shot) prints no part number', async () => {
    const image = await db.get<{ id: number; code: string }>(
      'SELECT i.id, p.product_code AS code FROM product_images i JOIN products p ON p.id = i.product_id WHERE p.product_code IS NOT NULL LIMIT 1',
    );
    const row = await db.get<{ shape: (typeof SHAPES)[number]; hue: number }>('SELECT shape, hue FROM product_images WHERE id = ?', [image!.id]);
    // a product's own picture prints it on its label plate: test/server/modules/media/media-pictures.test.ts
    expect(renderPartSvg({ shape: row!.shape, hue: row!.hue, width: 400 })).not.toContain(image!.code);
  });
});

describe('PDF spec sheets', () => {
  test('the served PDF is a valid one-page PDF with correct xref offsets', async () => {
    const pdf = await db.get<{ url: string }>('SELECT url FROM pdfs LIMIT 1');
    const res = await app.inject({ url: pdf!.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    checkPdf(res.rawPayload);
    expect(res.rawPayload.toString('latin1')).toContain('/Count 1');
  });

  test('an unknown PDF answers 404', async () => {
    expect((await app.inject({ url: '/media/pdfs/0000-0000-0000-0000-Nope.pdf' })).statusCode).toBe(404);
  });

  test('any text gives a PDF whose xref offsets are right', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 80 }),
        fc.array(fc.tuple(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 40 })), { maxLength: 12 }),
        fc.array(fc.string({ maxLength: 60 }), { maxLength: 5 }),
        (title, rows, notes) => {
          checkPdf(renderSpecSheetPdf({ title, rows, notes, subtitle: title }));
        },
      ),
      { numRuns: 60 },
    );
  });

  describe('counter examples', () => {
    test('parentheses and backslashes in text are escaped', () => {
      const text = renderSpecSheetPdf({ title: 'a(b)c\\', rows: [] }).toString('latin1');
      expect(text).toContain('(a\\(b\\)c\\\\) Tj');
    });
  });
});

describe('3D models', () => {
  test('the served model is glTF 2.0 whose embedded buffer matches its declared length', async () => {
    const model = await db.get<{ url: string }>('SELECT url FROM model3ds LIMIT 1');
    const res = await app.inject({ url: model!.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^model\/gltf\+json/);
    const gltf = res.json();
    expect(gltf.asset.version).toBe('2.0');
    const buffer = Buffer.from(gltf.buffers[0].uri.split(',')[1], 'base64');
    expect(buffer.length).toBe(gltf.buffers[0].byteLength);
  });

  /** Parses a model and checks its structure: views inside the buffer, indices inside the vertices. */
  function checkedModel(text: string) {
    const gltf = JSON.parse(text);
    const buffer = Buffer.from(gltf.buffers[0].uri.split(',')[1], 'base64');
    expect(buffer.length).toBe(gltf.buffers[0].byteLength);
    for (const view of gltf.bufferViews) expect(view.byteOffset + view.byteLength).toBeLessThanOrEqual(buffer.length);
    const [pos, nor] = gltf.accessors;
    expect(pos.count * 12).toBe(gltf.bufferViews[pos.bufferView].byteLength);
    expect(nor.count).toBe(pos.count);
    const positions = new Float32Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + pos.count * 12));
    for (const primitive of gltf.meshes[0].primitives) {
      expect(primitive.attributes).toEqual({ POSITION: 0, NORMAL: 1 });
      expect(gltf.materials[primitive.material]).toBeDefined();
      const acc = gltf.accessors[primitive.indices];
      const view = gltf.bufferViews[acc.bufferView];
      const Indices = acc.componentType === 5125 ? Uint32Array : Uint16Array;
      expect(acc.count * Indices.BYTES_PER_ELEMENT).toBe(view.byteLength);
      expect(acc.count % 3).toBe(0);
      const indices = new Indices(buffer.buffer.slice(buffer.byteOffset + view.byteOffset, buffer.byteOffset + view.byteOffset + view.byteLength));
      expect(Math.max(...indices)).toBeLessThan(pos.count);
    }
    // the declared bounds are the vertices' bounds (viewers frame the model from them)
    for (let k = 0; k < 3; k++) {
      const axis = positions.filter((_, i) => i % 3 === k);
      expect(Math.min(...axis)).toBe(pos.min[k]);
      expect(Math.max(...axis)).toBe(pos.max[k]);
    }
    const size = [0, 1, 2].map((k) => pos.max[k] - pos.min[k]) as [number, number, number];
    return { gltf, vertices: pos.count as number, primitives: gltf.meshes[0].primitives.length as number, size };
  }

  test('every shape gives a valid model: views inside the buffer, indices inside the vertices, bounds that fit', () => {
    for (const shape of SHAPES) checkedModel(renderGltf({ shape, hue: 40, name: shape }));
  });

  test('a pump, a filter tank and a cartridge are shaped like the part, not a cylinder', () => {
    // the old models were one capped cylinder: 132 vertices, one primitive, one material
    const pump = checkedModel(renderGltf({ shape: 'pump', hue: 200, name: 'pump' }));
    const filter = checkedModel(renderGltf({ shape: 'filter', hue: 200, name: 'filter' }));
    const cartridge = checkedModel(renderGltf({ shape: 'cartridge', hue: 200, name: 'cartridge' }));
    for (const model of [pump, filter, cartridge]) {
      expect(model.vertices).toBeGreaterThan(500);
      expect(model.primitives).toBeGreaterThanOrEqual(3);
    }
    // a pump lies along its motor; a filter tank and a cartridge stand up
    expect(pump.size[0]).toBeGreaterThan(pump.size[1] * 1.5);
    expect(filter.size[1]).toBeGreaterThan(filter.size[0] * 1.5);
    expect(cartridge.size[1]).toBeGreaterThan(cartridge.size[0] * 1.5);
    // the cartridge's pleats: its media has many radii, a cylinder one
    const { gltf } = cartridge;
    const buffer = Buffer.from(gltf.buffers[0].uri.split(',')[1], 'base64');
    const positions = new Float32Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + gltf.accessors[0].count * 12));
    const radii = new Set<number>();
    for (let i = 0; i < positions.length; i += 3) radii.add(Math.round(Math.hypot(positions[i]!, positions[i + 2]!) * 1000));
    expect(radii.size).toBeGreaterThan(10);
    // and the shapes differ from each other
    const texts = SHAPES.map((shape) => renderGltf({ shape, hue: 40, name: 'x' }));
    expect(new Set(texts).size).toBeGreaterThanOrEqual(SHAPES.length - 2);
  });

  test('the served model is the model of the product shape, as glTF JSON', async () => {
    const row = await db.get<{ url: string; shape: (typeof SHAPES)[number]; hue: number; title: string }>(
      'SELECT m.url, m.shape, m.hue, p.title FROM model3ds m JOIN products p ON p.id = m.product_id ORDER BY m.id LIMIT 1',
    );
    const res = await app.inject({ url: row!.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^model\/gltf\+json/);
    expect(res.body).toBe(renderGltf({ shape: row!.shape, hue: row!.hue, name: row!.title }));
    expect(checkedModel(res.body).primitives).toBeGreaterThanOrEqual(1);
  });
});
