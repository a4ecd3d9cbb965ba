/**
 * The store's content artwork (src/server/modules/media/content-art.ts through renderContentSvg): every
 * picture the seeded store names is a well-formed SVG of the size its place needs, none prints
 * its own name as the old placeholders did ('Logo Skimmer', 'Hero Open Your Pool' ...), brands get
 * marks of their own and articles pictures of their subject.
 */
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { ARTICLE_TOPICS } from '../../../../src/server/modules/content/copy-articles.ts';
import { FALLBACK_VENDORS } from '../../../../src/server/modules/content/copy-support.ts';
import { defaultStoreConfig, defaultThemeConfig } from '../../../../src/server/modules/content/config.ts';
import { CONTENT_MEDIA_PREFIX, contentImageUrl, parseContentMediaFile, renderContentSvg } from '../../../../src/server/modules/content/media.ts';
import { FALLBACK_NAV_TREE, uniqueBrands } from '../../../../src/server/modules/content/seed.ts';
import { slugify } from '../../../../src/server/modules/content/random.ts';
import { articleSubject, brandInitials } from '../../../../src/server/modules/media/content-art.ts';
import { VENDORS } from '../../../../src/server/seed/catalogue-data.ts';

/** Slug and width of every content image URL in the configuration the seed writes. */
const configImages = (): { slug: string; width: number }[] =>
  (JSON.stringify({ store: defaultStoreConfig(), theme: defaultThemeConfig() }).match(/\/media\/content\/[a-z0-9-]+\.svg/g) ?? [])
    .map((url) => parseContentMediaFile(url.slice(CONTENT_MEDIA_PREFIX.length)))
    .filter((p): p is { slug: string; width: number } => p !== null);

const articleSlugs = ARTICLE_TOPICS.map((t) => `article-${slugify(t.title)}`);
const brandSlugs = uniqueBrands([...VENDORS, ...FALLBACK_VENDORS]).map((b) => `brand-${b.handle}`);
const menuSlugs = FALLBACK_NAV_TREE.flatMap(([top, children]) => [top, ...children]).map((t) => `menu-${slugify(t)}`);

/** Every content picture a seeded store can name, with the width its URL asks for. */
const ALL = [
  ...configImages(),
  ...articleSlugs.map((slug) => ({ slug, width: 800 })),
  ...brandSlugs.map((slug) => ({ slug, width: 400 })),
  ...menuSlugs.map((slug) => ({ slug, width: 400 })),
];

/** The words a picture shows: the text of its <text> elements. */
const shownText = (svg: string): string =>
  [...svg.matchAll(/<text[^>]*>([\s\S]*?)<\/text>/g)].map((m) => (m[1] ?? '').replace(/<[^>]+>/g, '')).join(' ').trim();

/** The old placeholder's caption of a slug: its words, capitalised, without numbers. */
const placeholderCaption = (slug: string): string =>
  slug.split('-').filter((w) => !/^\d+$/.test(w)).slice(0, 5).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');

describe('content artwork', () => {
  test('the seed names a logo, a favicon, heroes, info cards, banners and the popup background', () => {
    const slugs = configImages().map((i) => i.slug);
    for (const prefix of ['logo', 'favicon', 'hero', 'info', 'banner-product-top', 'banner-featured', 'exit-popup', 'no-image']) {
      expect(slugs.some((s) => s.startsWith(prefix)), prefix).toBe(true);
    }
  });

  test('no picture prints its own name; only the logo (the wordmark) and brand marks (initials) carry text', () => {
    for (const { slug, width } of ALL) {
      const svg = renderContentSvg(slug, width);
      const text = shownText(svg);
      expect(text.toLowerCase(), slug).not.toContain(placeholderCaption(slug).toLowerCase());
      if (slug.startsWith('logo')) expect(text).toBe('Skimmer POOL &amp; SPA SUPPLY');
      else if (slug.startsWith('brand-')) expect(text, slug).toMatch(/^[A-Z]{1,2}$/);
      else expect(text, slug).toBe('');
    }
  });

  test('every picture is an SVG that rasterises at the size its URL and place ask for, and stays small', async () => {
    const expectedRatio = (slug: string): number =>
      slug.startsWith('logo') ? 4 / 15 : slug.startsWith('hero') ? 3 / 8 : /^(brand|info|favicon|menu|no-image)/.test(slug) ? 1
        : slug.startsWith('banner-product-top') ? 150 / 1300 : slug.startsWith('banner-featured') ? 36 / 25 : 9 / 16;
    // one of each kind through the rasteriser (librsvg refuses malformed XML), all of them by size
    const seen = new Set<string>();
    for (const { slug, width } of ALL) {
      const svg = renderContentSvg(slug, width);
      expect(svg.length, slug).toBeLessThan(24_000);
      expect(svg).toMatch(new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round(width * expectedRatio(slug))}"`));
      const kind = slug.split('-')[0] ?? slug;
      if (seen.has(kind) && kind !== 'article') continue;
      seen.add(kind);
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect([meta.format, meta.width, meta.height], slug).toEqual(['svg', width, Math.round(width * expectedRatio(slug))]);
    }
  });

  test('the same slug and width always draw the same bytes', () => {
    for (const { slug, width } of ALL.slice(0, 20)) expect(renderContentSvg(slug, width)).toBe(renderContentSvg(slug, width));
  });

  test('each brand has a mark of its own, with its initials', () => {
    const marks = brandSlugs.map((slug) => renderContentSvg(slug, 400));
    expect(new Set(marks).size).toBe(brandSlugs.length);
    expect(brandInitials('bluelagoon-systems')).toBe('BS');
    expect(brandInitials('poseidon-pool-co')).toBe('PP');
    expect(shownText(renderContentSvg('brand-coralis', 400))).toBe('C');
  });

  test('every article picture shows a subject taken from its title', () => {
    for (const slug of articleSlugs) expect(articleSubject(slug), slug).not.toBeNull();
    expect(articleSubject('article-how-to-open-your-pool-for-the-season')).toEqual({ kind: 'pool', state: 'open' });
    expect(articleSubject('article-closing-your-pool-for-winter-without-cracked-pipes')).toEqual({ kind: 'pool', state: 'winter' });
    expect(articleSubject('article-pump-priming-101-why-your-pump-will-not-catch-prime')).toMatchObject({ kind: 'part', shape: 'pump' });
    expect(articleSubject('article-cartridge-filter-cleaning-the-right-way')).toMatchObject({ kind: 'part', shape: 'cartridge' });
    expect(articleSubject('article-sand-vs-cartridge-vs-de-choosing-a-pool-filter')).toMatchObject({ kind: 'part', shape: 'filter' });
    expect(articleSubject('article-balancing-total-alkalinity-and-ph')).toEqual({ kind: 'chemistry' });
    expect(articleSubject('article-salt-cell-care-cleaning-scaling-and-lifespan')).toMatchObject({ kind: 'part', shape: 'cell' });
    // different subjects draw different pictures
    const pictures = new Set(articleSlugs.map((slug) => renderContentSvg(slug, 400)));
    expect(pictures.size).toBe(articleSlugs.length);
  });

  test('an unknown slug still draws artwork (pool water), never its name', () => {
    const svg = renderContentSvg('summer-sale-2026', 400);
    expect(shownText(svg)).toBe('');
    expect(contentImageUrl('summer-sale-2026', 400)).toBe('/media/content/summer-sale-2026-400.svg');
  });
});
