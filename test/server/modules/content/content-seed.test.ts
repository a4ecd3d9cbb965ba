import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';

import type { Db } from '../../../../src/server/platform/db/database.ts';
import { openTestDb } from '../../db.helpers.ts';
import { migrate } from '../../../../src/server/platform/db/migrate.ts';
import { seedDatabase } from '../../../../src/server/seed/seed-database.ts';
import { CONTENT_TABLES, excerpt, FALLBACK_NAV_TREE, isContentSeeded, seedContent, uniqueBrands } from '../../../../src/server/modules/content/seed.ts';
import { createRandom, slugify } from '../../../../src/server/modules/content/random.ts';
import {
  CONTENT_IMAGE_WIDTHS,
  contentImageUrl,
  CONTENT_MEDIA_PREFIX,
  parseContentMediaFile,
  renderContentSvg,
} from '../../../../src/server/modules/content/media.ts';
import { escapeHtml, sanitizeContentHtml } from '../../../../src/server/modules/content/html.ts';
import { pageInfo } from '../../../../src/server/modules/content/repository.ts';
import { COUNTRIES, STATES } from '../../../../src/server/modules/content/geo.ts';

async function freshDb(): Promise<Db> {
  const db = await openTestDb();
  await migrate(db);
  return db;
}

/** Every content row, table by table, in a stable order: the fingerprint of a seed. */
async function dump(db: Db): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of CONTENT_TABLES) out[table] = await db.all(`SELECT * FROM ${table} ORDER BY 1, 2`);
  return out;
}

const count = async (db: Db, sql: string, params: unknown[] = []) => (await db.get<{ n: number }>(sql, params))?.n ?? -1;

describe('seedContent', () => {
  test('writes the same rows for the same seed', async () => {
    const a = await freshDb();
    const b = await freshDb();
    await seedContent(a, { seed: 7 });
    await seedContent(b, { seed: 7 });
    expect(await dump(a)).toEqual(await dump(b));
  });

  test('writes different content for a different seed', async () => {
    const a = await freshDb();
    const b = await freshDb();
    await seedContent(a, { seed: 7 });
    await seedContent(b, { seed: 8 });
    expect((await dump(a)).articles).not.toEqual((await dump(b)).articles);
  });

  test('replaces earlier content instead of adding to it when run again', async () => {
    const db = await freshDb();
    const first = await seedContent(db, { seed: 3 });
    const before = await dump(db);
    const second = await seedContent(db, { seed: 3 });
    expect(second).toEqual(first);
    expect(await dump(db)).toEqual(before);
  });

  test('leaves the earlier content intact when a write fails', async () => {
    const db = await freshDb();
    await seedContent(db, { seed: 3 });
    const before = await dump(db);
    // Fail late, after most tables were emptied and rewritten.
    await db.exec(
      db.dialect.name === 'postgres'
        ? `CREATE FUNCTION content_boom() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$;
           CREATE TRIGGER content_boom BEFORE INSERT ON countries FOR EACH ROW EXECUTE FUNCTION content_boom();`
        : "CREATE TRIGGER content_boom BEFORE INSERT ON countries BEGIN SELECT RAISE(ABORT, 'boom'); END;",
    );
    await expect(seedContent(db, { seed: 4 })).rejects.toThrow(/boom/);
    expect(await dump(db)).toEqual(before);
  });

  test('writes about 40 articles, 30 help answers, 60 threads and 30+ site reviews', async () => {
    const db = await freshDb();
    const s = await seedContent(db, { seed: 1 });
    expect(s.articles).toBeGreaterThanOrEqual(38);
    expect(s.helpAnswers).toBe(30);
    expect(s.questionThreads).toBe(60);
    expect(s.siteReviews).toBeGreaterThanOrEqual(30);
    expect(await count(db, 'SELECT COUNT(*) AS n FROM articles')).toBe(s.articles);
    expect(await count(db, 'SELECT COUNT(*) AS n FROM help_answers')).toBe(30);
    expect(await count(db, 'SELECT COUNT(*) AS n FROM question_threads')).toBe(60);
    expect(await isContentSeeded(db)).toBe(true);
  });

  test('rejects an anchor that is not a date', async () => {
    await expect(seedContent(await freshDb(), { seed: 1, anchor: 'not a date' })).rejects.toThrow(RangeError);
  });

  test('reports an unseeded database as unseeded', async () => {
    expect(await isContentSeeded(await freshDb())).toBe(false);
    expect(await isContentSeeded(await openTestDb())).toBe(false);
  });

  test('gives every article an author, tags and several paragraphs of HTML', async () => {
    const db = await freshDb();
    await seedContent(db, { seed: 1 });
    const rows = await db.all<{ id: number; author: string; body: string; tags: number }>(
      'SELECT a.id, a.author, a.body_html AS body, (SELECT COUNT(*) FROM article_tags t WHERE t.article_id = a.id) AS tags FROM articles a',
    );
    for (const r of rows) {
      expect(r.author.length).toBeGreaterThan(3);
      expect(r.tags).toBeGreaterThanOrEqual(2);
      expect((r.body.match(/<p>/g) ?? []).length).toBeGreaterThanOrEqual(3);
      expect(r.body).toContain('<ol><li>');
    }
  });

  test('leaves some site reviews without a message', async () => {
    const db = await freshDb();
    await seedContent(db, { seed: 1 });
    expect(await count(db, 'SELECT COUNT(*) AS n FROM site_reviews WHERE message IS NULL')).toBeGreaterThan(0);
    expect(await count(db, 'SELECT COUNT(*) AS n FROM site_reviews WHERE message IS NOT NULL')).toBeGreaterThan(0);
  });

  test('writes the expert-assistance page with id 355 at /expert-assistance/355.htm', async () => {
    const db = await freshDb();
    await seedContent(db, { seed: 1 });
    expect(await db.get('SELECT handle, path FROM pages WHERE id = 355')).toEqual({ handle: 'expert-assistance', path: '/expert-assistance/355.htm' });
    for (const handle of ['about-us', 'shipping-policy', 'returns', 'privacy-policy', 'contact-us']) {
      expect(await count(db, 'SELECT COUNT(*) AS n FROM pages WHERE handle = ?', [handle])).toBe(1);
    }
  });

  test.each([
    ['US', 51],
    ['CA', 13],
    ['AU', 8],
    ['MX', 32],
    ['GB', 0],
    ['DE', 0],
    ['FR', 0],
  ])('writes the subdivisions of %s (%i)', async (code, n) => {
    const db = await freshDb();
    await seedContent(db, { seed: 1 });
    expect(await count(db, 'SELECT COUNT(*) AS n FROM countries WHERE country_code = ?', [code])).toBe(1);
    expect(await count(db, 'SELECT COUNT(*) AS n FROM states WHERE country_code = ?', [code])).toBe(n);
  });

  test('includes DC among the US states', () => {
    expect(STATES.US?.find((s) => s.stateCode === 'DC')?.title).toBe('District of Columbia');
    expect(new Set(COUNTRIES.map((c) => c.countryCode)).size).toBe(COUNTRIES.length);
  });

  describe('without a catalogue', () => {
    test('falls back to fictional brands and the fixed navigation tree', async () => {
      const db = await freshDb();
      const s = await seedContent(db, { seed: 1 });
      expect(s.source).toEqual({ brands: 'fallback', navigation: 'fallback' });
      expect(await count(db, 'SELECT COUNT(*) AS n FROM nav_links WHERE parent_id IS NULL')).toBe(FALLBACK_NAV_TREE.length);
    });

    test('works on a database that only has the content migration', async () => {
      const db = await openTestDb();
      await db.exec(readContentMigration());
      const s = await seedContent(db, { seed: 2 });
      expect(s.source.navigation).toBe('fallback');
      expect(s.brands).toBeGreaterThan(5);
    });

    test('gives a few navigation links a maxChildItemsToDisplay', async () => {
      const db = await freshDb();
      await seedContent(db, { seed: 1 });
      const capped = await db.all<{ cap: number }>('SELECT max_child_items_to_display AS cap FROM nav_links WHERE max_child_items_to_display IS NOT NULL');
      expect(capped.map((c) => c.cap).sort((a, b) => a - b)).toEqual([6, 12]);
    });
  });

  describe('with a catalogue', async () => {
    const db = await freshDb();
    await seedDatabase(db, { products: 40, seed: 5 });
    const summary = await seedContent(db, { seed: 1 });

    test('takes brands from the catalogue vendors', async () => {
      expect(summary.source.brands).toBe('catalogue');
      const vendors = (await db.all<{ name: string }>('SELECT name FROM vendors ORDER BY name')).map((v) => v.name);
      const brands = (await db.all<{ name: string }>('SELECT name FROM brands ORDER BY name')).map((v) => v.name);
      expect(brands).toEqual(vendors);
    });

    test('links the hero slides only to collections the catalogue has', async () => {
      const theme = JSON.parse((await db.get<{ v: string }>("SELECT value_json AS v FROM store_settings WHERE setting_key = 'themeConfig'"))?.v ?? '{}') as {
        heroSection: { images: { url?: string }[] };
      };
      const handles = theme.heroSection.images.map((i) => i.url ?? '').filter((u) => u.startsWith('/collections/')).map((u) => u.slice('/collections/'.length));
      expect(handles.length).toBeGreaterThan(0);
      for (const h of handles) expect(await count(db, 'SELECT COUNT(*) AS n FROM collections WHERE handle = ?', [h])).toBe(1);
    });

    test('builds navigation from the top two collection levels, linking collectionPath/{handle}', async () => {
      expect(summary.source.navigation).toBe('catalogue');
      const tops = await db.all<{ handle: string }>('SELECT handle FROM collections WHERE parent_id IS NULL ORDER BY position, title, id');
      const navTops = await db.all<{ handle: string; url: string }>(
        'SELECT collection_handle AS handle, url FROM nav_links WHERE parent_id IS NULL ORDER BY position',
      );
      expect(navTops.map((n) => n.handle)).toEqual(tops.map((t) => t.handle));
      for (const n of navTops) expect(n.url).toBe(`/collections/${n.handle}`);
      const second = await count(
        db,
        'SELECT COUNT(*) AS n FROM collections c JOIN collections p ON p.id = c.parent_id WHERE p.parent_id IS NULL',
      );
      expect(await count(db, 'SELECT COUNT(*) AS n FROM nav_links WHERE parent_id IS NOT NULL')).toBe(second);
    });
  });

  test('keeps its invariants for any seed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 - 1 }), async (seed) => {
        const db = await freshDb();
        const anchor = '2025-06-01T12:00:00.000Z';
        await seedContent(db, { seed, anchor });
        expect(await count(db, 'SELECT COUNT(*) AS n FROM articles WHERE created_at > ?', [anchor])).toBe(0);
        expect(await count(db, 'SELECT COUNT(*) AS n FROM question_threads WHERE created_at > ?', [anchor])).toBe(0);
        expect(await count(db, 'SELECT COUNT(*) AS n FROM site_reviews WHERE stars < 1 OR stars > 5')).toBe(0);
        // every thread is answered, staff first
        expect(await count(db, 'SELECT COUNT(*) AS n FROM question_threads q WHERE NOT EXISTS (SELECT 1 FROM question_answers a WHERE a.thread_id = q.id AND a.position = 0 AND a.is_staff = 1)')).toBe(0);
        const ids = (await db.all<{ d: string }>('SELECT displayable_id AS d FROM question_threads')).map((r) => r.d);
        expect(new Set(ids).size).toBe(ids.length);
        await db.close();
      }),
      { numRuns: 8 },
    );
  });
});

function readContentMigration(): string {
  return readFileSync(new URL('../../../../src/server/platform/db/migrations/002_content.sql', import.meta.url), 'utf8');
}

describe('createRandom', () => {
  test('draws integers within the inclusive bounds', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: -1000, max: 1000 }), fc.nat(1000), (seed, min, span) => {
        const r = createRandom(seed);
        for (let i = 0; i < 20; i++) {
          const v = r.int(min, min + span);
          expect(v).toBeGreaterThanOrEqual(min);
          expect(v).toBeLessThanOrEqual(min + span);
          expect(Number.isInteger(v)).toBe(true);
        }
      }),
    );
  });

  test('shuffles into a permutation of the input', () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.integer()), (seed, items) => {
        const out = createRandom(seed).shuffle(items);
        expect([...out].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
      }),
    );
  });

  test('repeats its sequence for the same seed', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const a = createRandom(seed);
        const b = createRandom(seed);
        for (let i = 0; i < 10; i++) expect(a.next()).toBe(b.next());
      }),
    );
  });

  test('refuses to pick from an empty list', () => {
    expect(() => createRandom(1).pick([])).toThrow(RangeError);
  });
});

describe('slugify', () => {
  test.each([
    ['Pump Priming 101: Why Your Pump Will Not Catch Prime', 'pump-priming-101-why-your-pump-will-not-catch-prime'],
    ['Q&A', 'q-a'],
    ['  Spa Parts  ', 'spa-parts'],
    ['Ciudad de México', 'ciudad-de-mexico'],
  ])('turns %j into %j', (input, out) => {
    expect(slugify(input)).toBe(out);
  });

  test('is idempotent and yields only lower-case letters, digits and single hyphens', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const slug = slugify(s);
        expect(slugify(slug)).toBe(slug);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
      }),
    );
  });
});

describe('content media', () => {
  test('parses back the slug and width of every URL it builds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...CONTENT_IMAGE_WIDTHS),
        (words, width) => {
          const slug = words.join('-');
          const url = contentImageUrl(slug, width);
          expect(url.startsWith(CONTENT_MEDIA_PREFIX)).toBe(true);
          expect(parseContentMediaFile(url.slice(CONTENT_MEDIA_PREFIX.length))).toEqual({ slug, width });
        },
      ),
    );
  });

  test.each(['hero-1-900.svg', 'hero-1-150.svg', 'hero-1.svg', 'Hero-1-400.svg', '-400.svg', 'hero--1-400.svg', 'hero-1-400.png'])(
    'rejects the file name %s',
    (file) => {
      expect(parseContentMediaFile(file)).toBeNull();
    },
  );

  test('draws an SVG of the requested width in the shape its place needs', () => {
    // the header shows the logo at 180x48, the hero at 16:6, brand marks and icons square
    expect(renderContentSvg('logo-skimmer', 400)).toContain('width="400" height="107"');
    expect(renderContentSvg('hero-1', 400)).toContain('width="400" height="150"');
    expect(renderContentSvg('brand-aquacrest', 400)).toContain('width="400" height="400"');
    expect(renderContentSvg('favicon-skimmer', 200)).toContain('width="200" height="200"');
    expect(renderContentSvg('article-replacing-a-pump-motor', 400)).toContain('width="400" height="225"');
  });
});

describe('sanitizeContentHtml', () => {
  test.each([
    ['<p onclick="steal()">Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<a href="/returns" target="_blank">r</a>', '<a href="/returns" target="_blank" rel="noopener noreferrer">r</a>'],
    ['<p style="color:red">x</p>', '<p>x</p>'],
  ])('cleans %s', (input, output) => {
    expect(sanitizeContentHtml(input)).toBe(output);
  });

  test('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = sanitizeContentHtml(s);
        expect(sanitizeContentHtml(once)).toBe(once);
      }),
    );
  });

  test('never lets a script tag through', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(sanitizeContentHtml(`${a}<script>${b}</script>`).toLowerCase()).not.toContain('<script');
      }),
    );
  });

  test('escapes text so it survives sanitising unchanged', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const html = escapeHtml(s);
        expect(html).not.toMatch(/[<>"']/);
        expect(sanitizeContentHtml(`<p>${html}</p>`).replace(/&#39;/g, "'").replace(/&quot;/g, '"')).toBe(
          `<p>${html.replace(/&#39;/g, "'").replace(/&quot;/g, '"')}</p>`,
        );
      }),
    );
  });
});

describe('uniqueBrands', () => {
  test.each([
    [['Aqua Core', 'AQUA CORE', 'Aqua-Core'], [{ name: 'Aqua Core', handle: 'aqua-core' }, { name: 'Aqua-Core', handle: 'aqua-core-2' }]],
    [['', '  ', '***'], [{ name: '***', handle: 'brand' }]],
    [['HydroMax'], [{ name: 'HydroMax', handle: 'hydromax' }]],
  ])('turns %j into %j', (names, out) => {
    expect(uniqueBrands(names)).toEqual(out);
  });

  test('gives unique case-insensitive names and unique slug handles for any names', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 })), (names) => {
        const out = uniqueBrands(names);
        expect(new Set(out.map((b) => b.name.toLowerCase())).size).toBe(out.length);
        expect(new Set(out.map((b) => b.handle)).size).toBe(out.length);
        for (const b of out) expect(b.handle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }),
    );
  });

  test('lets the seed store vendors whose names collide', async () => {
    const db = await freshDb();
    for (const [i, name] of ['Aqua Core', 'AQUA CORE', 'Aqua-Core'].entries()) await db.run('INSERT INTO vendors (id, name, handle) VALUES (?, ?, ?)', [i + 1, name, `v${i}`]);
    expect((await seedContent(db, { seed: 1 })).brands).toBe(2);
  });
});

describe('excerpt', () => {
  test('keeps short text and cuts long text within the limit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.integer({ min: 10, max: 200 }), (s, max) => {
        const e = excerpt(s, max);
        if (s.length <= max) expect(e).toBe(s);
        else expect(e.length).toBeLessThanOrEqual(max);
      }),
    );
  });
});

describe('pageInfo', () => {
  test('counts at least one page and enough pages for every item', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.integer({ min: 1, max: 100 }), (total, limit) => {
        const p = pageInfo(total, limit, 0);
        expect(p.totalPages).toBeGreaterThanOrEqual(1);
        expect(p.totalPages * limit).toBeGreaterThanOrEqual(total);
        expect((p.totalPages - 1) * limit).toBeLessThan(Math.max(total, 1));
        expect(p.pages).toBe(p.totalPages);
      }),
    );
  });
});
