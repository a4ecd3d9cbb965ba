import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../src/server/db/database.ts';
import { IMAGE_WIDTHS, renderPartSvg } from '../../src/server/media/drawing.ts';
import { renderGltf } from '../../src/server/media/gltf.ts';
import { renderSpecSheetPdf } from '../../src/server/media/pdf.ts';
import { SHAPES } from '../../src/server/seed/catalogue-data.ts';
import { seededApp } from './catalogue.helpers.ts';

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
    const image = db.get<{ id: number }>('SELECT id FROM product_images LIMIT 1');
    const res = await app.inject({ url: `/media/images/${image!.id}-${width}.png` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(pngWidth(res.rawPayload)).toBe(width);
  });

  test('every image URL the API gives resolves', async () => {
    const urls = db.all<{ url: string }>('SELECT url FROM product_images LIMIT 5').map((r) => r.url);
    urls.push(...db.all<{ url: string }>('SELECT image_url AS url FROM collections LIMIT 3').map((r) => r.url));
    urls.push(...db.all<{ url: string }>('SELECT poster_url AS url FROM model3ds LIMIT 2').map((r) => r.url));
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

  test('a second request of one picture gives the same bytes (from the cache)', async () => {
    const a = await app.inject({ url: '/media/collections/1-200.png' });
    const b = await app.inject({ url: '/media/collections/1-200.png' });
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
  });

  test('every shape draws a well-formed SVG with the caption escaped', () => {
    for (const shape of SHAPES) {
      const svg = renderPartSvg({ shape, hue: 120, caption: 'A<B & "C"', width: 300 });
      expect(svg).toMatch(/^<svg [^>]*width="300" height="300"/);
      expect(svg).toContain('A&lt;B &amp; &quot;C&quot;');
      expect(svg.endsWith('</svg>')).toBe(true);
    }
  });
});

describe('PDF spec sheets', () => {
  test('the served PDF is a valid one-page PDF with correct xref offsets', async () => {
    const pdf = db.get<{ url: string }>('SELECT url FROM pdfs LIMIT 1');
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
    const model = db.get<{ url: string }>('SELECT url FROM model3ds LIMIT 1');
    const res = await app.inject({ url: model!.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^model\/gltf\+json/);
    const gltf = res.json();
    expect(gltf.asset.version).toBe('2.0');
    const buffer = Buffer.from(gltf.buffers[0].uri.split(',')[1], 'base64');
    expect(buffer.length).toBe(gltf.buffers[0].byteLength);
  });

  test('every shape gives accessors that fit inside their buffer views', () => {
    for (const shape of SHAPES) {
      const gltf = JSON.parse(renderGltf({ shape, hue: 40, name: shape }));
      const buffer = Buffer.from(gltf.buffers[0].uri.split(',')[1], 'base64');
      const [pos, nor, idx] = gltf.accessors;
      expect(pos.count * 12).toBe(gltf.bufferViews[0].byteLength);
      expect(nor.count * 12).toBe(gltf.bufferViews[1].byteLength);
      expect(idx.count * 2).toBe(gltf.bufferViews[2].byteLength);
      const indices = new Uint16Array(buffer.buffer, buffer.byteOffset + gltf.bufferViews[2].byteOffset, idx.count);
      expect(Math.max(...indices)).toBeLessThan(pos.count);
      expect(idx.count % 3).toBe(0);
    }
  });
});
