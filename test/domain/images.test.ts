import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { IMAGE_WIDTHS, imageLoading, imageSrcSet, isSizedImageUrl, sizedImageUrl, snapImageWidth } from '../../src/domain/images.ts';
import { shareLinks } from '../../src/domain/catalog-text.ts';
import { matchesFoundMessage, tagOptions } from '../../src/domain/filters.ts';

describe('image widths', () => {
  test('run from 200 to 800 in steps of 100', () => {
    expect(IMAGE_WIDTHS).toEqual([200, 300, 400, 500, 600, 700, 800]);
  });
  test.each([
    ['/media/images/12-800.png', 300, '/media/images/12-300.png'],
    ['/media/images/12.png', 420, '/media/images/12-400.png'],
    ['/media/collections/3-200.png', 800, '/media/collections/3-800.png'],
    ['/media/models/9/poster-800.png', 500, '/media/models/9/poster-500.png'],
    ['https://cdn.test/a.jpg', 300, 'https://cdn.test/a.jpg'],
    ['/no-image.png', 300, '/no-image.png'],
  ])('sizes a server URL and leaves any other alone: %s at %i', (url, w, expected) => {
    expect(sizedImageUrl(url, w)).toBe(expected);
  });
  test('builds a srcset with every width', () => {
    expect(imageSrcSet('/media/images/7-800.png')).toBe(IMAGE_WIDTHS.map((w) => `/media/images/7-${w}.png ${w}w`).join(', '));
    expect(imageSrcSet('/x.jpg')).toBe('');
  });
  test('snaps any width to a listed one', () => {
    fc.assert(fc.property(fc.double({ noNaN: false }), (w) => IMAGE_WIDTHS.includes(snapImageWidth(w))));
  });
  test('sizing is idempotent and keeps a sized URL sized', () => {
    fc.assert(
      fc.property(fc.nat(99999), fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 2000 }), (id, a, b) => {
        const once = sizedImageUrl(`/media/images/${id}-800.png`, a);
        expect(isSizedImageUrl(once)).toBe(true);
        expect(sizedImageUrl(sizedImageUrl(once, b), a)).toBe(once);
      }),
    );
  });
  test.each([
    [0, false, 'eager'],
    [4, false, 'eager'],
    [5, false, 'lazy'],
    [0, true, 'lazy'],
    [-1, false, 'lazy'],
  ] as const)('loads the first 5 images eagerly on desktop only: index %i mobile %s', (i, mobile, expected) => {
    expect(imageLoading(i, mobile)).toBe(expected);
  });
});

describe('catalogue texts', () => {
  test.each([
    [12, "12 matches found. Can't find your part? Click HERE to request expert assistance!"],
    [0, "0 matches found. Can't find your part? Click HERE to request expert assistance!"],
  ])('writes the matches message for %i', (count, text) => {
    const m = matchesFoundMessage(count);
    expect(m.before + m.link + m.after).toBe(text);
    expect(m.href).toBe('/expert-assistance/355.htm');
  });
  test('shows None plus 8 tag values until expanded, and the chosen one always', () => {
    const facets = Array.from({ length: 12 }, (_, i) => ({ tagValue: `v${i}`, tagCount: i }));
    expect(tagOptions(facets, false, '').options.map((o) => o.label)).toEqual(['None', ...facets.slice(0, 8).map((f) => `${f.tagValue} (${f.tagCount})`)]);
    expect(tagOptions(facets, false, 'v11').options.at(-1)?.value).toBe('v11');
    expect(tagOptions(facets, true, '').options).toHaveLength(13);
    expect(tagOptions(facets.slice(0, 8), false, '').hasMore).toBe(false);
  });
  test('never hides a value when expanded and never shows more than 9 plus the chosen when collapsed', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ tagValue: fc.string(), tagCount: fc.nat() })), fc.string(), (facets, chosen) => {
        expect(tagOptions(facets, true, chosen).options).toHaveLength(facets.length + 1);
        expect(tagOptions(facets, false, chosen).options.length).toBeLessThanOrEqual(Math.min(facets.length, 8) + 1 + facets.filter((f) => f.tagValue === chosen).length);
      }),
    );
  });
  test('shares by email with the subject Check this out', () => {
    expect(shareLinks('https://shop.test/p').email).toBe('mailto:?subject=Check%20this%20out&body=https%3A%2F%2Fshop.test%2Fp');
    expect(shareLinks('https://shop.test/p').facebook).toContain('sharer.php?u=https%3A%2F%2Fshop.test%2Fp');
  });
});
