import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { HierarchyEntry, NavLink } from '../../src/domain/entities.ts';
import { NAV_CHILDREN_LIMIT, byName, childCategories, visibleNavChildren } from '../../src/domain/lists.ts';
import { FOOTER_BRANDS_LIMIT, brandPath, footerBrands } from '../../src/domain/footer.ts';
import { RECENTLY_VIEWED_LIMIT, parseRecentlyViewed, pushRecentlyViewed, removeRecentlyViewed, serializeRecentlyViewed } from '../../src/domain/recently-viewed.ts';

const idArb = fc.integer({ min: 1, max: 60 });

describe('recently viewed', () => {
  test('keeps at most 25 ids', () => {
    expect(RECENTLY_VIEWED_LIMIT).toBe(25);
    let list: number[] = [];
    for (let id = 1; id <= 30; id += 1) list = pushRecentlyViewed(list, id);
    expect(list).toHaveLength(25);
    expect(list[0]).toBe(30);
    expect(list.at(-1)).toBe(6);
  });

  test('puts the viewed id first and removes its earlier occurrence', () => {
    expect(pushRecentlyViewed([3, 2, 1], 2)).toEqual([2, 3, 1]);
    expect(pushRecentlyViewed([3, 2, 1], 3)).toEqual([3, 2, 1]);
  });

  test('cleans a list with duplicates or junk while pushing', () => {
    expect(pushRecentlyViewed([4, 4, -1, 2.5, 4, 7], 9)).toEqual([9, 4, 7]);
  });

  test('ignores an invalid id', () => {
    expect(pushRecentlyViewed([3, 2], 0)).toEqual([3, 2]);
    expect(pushRecentlyViewed([3, 2], Number.NaN)).toEqual([3, 2]);
  });

  test('removes a product from the list', () => {
    expect(removeRecentlyViewed([3, 2, 1], 2)).toEqual([3, 1]);
    expect(removeRecentlyViewed([3, 2, 1], 8)).toEqual([3, 2, 1]);
  });

  test('stays within 25 ids, without duplicates, newest first', () => {
    fc.assert(
      fc.property(fc.array(idArb, { maxLength: 80 }), fc.array(idArb, { maxLength: 80 }), (initial, views) => {
        let list = pushRecentlyViewed(initial, initial[0] ?? 1);
        for (const id of views) {
          list = pushRecentlyViewed(list, id);
          expect(list.length).toBeLessThanOrEqual(25);
          expect(new Set(list).size).toBe(list.length);
          expect(list[0]).toBe(id);
        }
      }),
    );
  });

  test('keeps the other ids in their order (the newest views lead)', () => {
    fc.assert(
      fc.property(fc.array(idArb, { maxLength: 80 }), (views) => {
        let list: number[] = [];
        for (const id of views) list = pushRecentlyViewed(list, id);
        // expected: distinct ids by their last view, most recent first
        const expected: number[] = [];
        for (const id of [...views].reverse()) if (!expected.includes(id)) expected.push(id);
        expect(list).toEqual(expected.slice(0, 25));
      }),
    );
  });

  test('pushing the head again changes nothing (idempotent)', () => {
    fc.assert(
      fc.property(fc.array(idArb, { maxLength: 40 }), idArb, (initial, id) => {
        const once = pushRecentlyViewed(initial, id);
        expect(pushRecentlyViewed(once, id)).toEqual(once);
      }),
    );
  });

  test('removing leaves no trace of the id and keeps the order', () => {
    fc.assert(
      fc.property(fc.array(idArb, { maxLength: 40 }), idArb, (views, id) => {
        let list: number[] = [];
        for (const v of views) list = pushRecentlyViewed(list, v);
        const after = removeRecentlyViewed(list, id);
        expect(after).not.toContain(id);
        expect(after).toEqual(list.filter((x) => x !== id));
      }),
    );
  });

  test.each([
    [null, []],
    ['', []],
    ['oops', []],
    ['{"a":1}', []],
    ['[5,"4",5,null,-1,"x",3.5]', [5, 4]],
  ])('reads the stored value %j safely', (stored, ids) => {
    expect(parseRecentlyViewed(stored)).toEqual(ids);
  });

  test('stores and reads back the same list (round trip)', () => {
    fc.assert(
      fc.property(fc.array(idArb, { maxLength: 60 }), (views) => {
        let list: number[] = [];
        for (const v of views) list = pushRecentlyViewed(list, v);
        expect(parseRecentlyViewed(serializeRecentlyViewed(list))).toEqual(list);
      }),
    );
  });
});

describe('footer brands', () => {
  test('shows the 10 brands with most products, descending', () => {
    expect(FOOTER_BRANDS_LIMIT).toBe(10);
    const vendors = Array.from({ length: 14 }, (_, i) => ({ name: `Brand ${i}`, productCount: i * 3 }));
    const shown = footerBrands(vendors);
    expect(shown).toHaveLength(10);
    expect(shown.map((v) => v.productCount)).toEqual([39, 36, 33, 30, 27, 24, 21, 18, 15, 12]);
  });

  test('orders equal counts by name, ignoring case, numbers compared as numbers', () => {
    const shown = footerBrands([
      { name: 'zodiac', productCount: 5 },
      { name: 'Aqua 10', productCount: 5 },
      { name: 'Aqua 9', productCount: 5 },
      { name: 'Hayward', productCount: 8 },
    ]);
    expect(shown.map((v) => v.name)).toEqual(['Hayward', 'Aqua 9', 'Aqua 10', 'zodiac']);
  });

  test('counts a missing count as 0 and drops blank names', () => {
    const shown = footerBrands([{ name: 'B' }, { name: ' ', productCount: 99 }, { name: 'A', productCount: 1 }]);
    expect(shown.map((v) => v.name)).toEqual(['A', 'B']);
  });

  test('does not depend on the input order', () => {
    const vendorArb = fc.record({ name: fc.constantFrom('Pentair', 'pentair', 'Hayward', 'Jandy', 'Zodiac', 'Aqua 2', 'Aqua 10'), productCount: fc.integer({ min: 0, max: 5 }) });
    fc.assert(
      fc.property(fc.array(vendorArb, { maxLength: 20 }), fc.integer(), (vendors, seed) => {
        const shuffled = [...vendors].sort((a, b) => ((a.name.length * 31 + a.productCount + seed) % 7) - ((b.name.length * 31 + b.productCount + seed) % 7));
        const a = footerBrands(vendors);
        const b = footerBrands(shuffled);
        expect(a.map((v) => [v.name, v.productCount])).toEqual(b.map((v) => [v.name, v.productCount]));
        expect(a.length).toBeLessThanOrEqual(10);
        for (let i = 1; i < a.length; i += 1) expect(a[i - 1]!.productCount).toBeGreaterThanOrEqual(a[i]!.productCount);
      }),
    );
  });

  test('links to /brands/{name}', () => {
    expect(brandPath('Hayward')).toBe('/brands/Hayward');
    expect(brandPath('Pentair Pool')).toBe('/brands/Pentair%20Pool');
    expect(brandPath('A/B')).toBe('/brands/A%2FB');
  });
});

function navLink(children: number, maxChildItemsToDisplay?: number | null): NavLink {
  return {
    id: 1,
    title: 'Pumps',
    url: '/collections/pumps',
    maxChildItemsToDisplay,
    children: Array.from({ length: children }, (_, i) => ({ id: i + 10, title: `Child ${i}`, url: `/c/${i}`, children: [] })),
  };
}

describe('navigation children', () => {
  test.each([
    [12, undefined, 8],
    [12, null, 8],
    [5, undefined, 5],
    [12, 10, 10],
    [12, 3, 3],
    [12, 0, 0],
    [12, -1, 8],
    [12, 2.7, 2],
    [12, Number.NaN, 8],
  ])('shows %s children capped at 8 unless maxChildItemsToDisplay is %s: %s', (count, max, shown) => {
    expect(NAV_CHILDREN_LIMIT).toBe(8);
    const visible = visibleNavChildren(navLink(count, max));
    expect(visible).toHaveLength(shown);
    expect(visible.map((c) => c.id)).toEqual(navLink(count).children.slice(0, shown).map((c) => c.id));
  });
});

describe('child categories', () => {
  const entry = (id: number, title: string, LEVEL: number): HierarchyEntry => ({ id, title, handle: title.toLowerCase(), LEVEL });

  test('are the level 2 entries sorted by title', () => {
    const hierarchy = {
      default: [entry(1, 'Pool', 1), entry(2, 'Pumps', 2), entry(3, 'filters', 2), entry(4, 'Baskets', 3), entry(5, 'Cleaners', 2)],
    };
    expect(childCategories(hierarchy).map((e) => e.title)).toEqual(['Cleaners', 'filters', 'Pumps']);
  });

  test('accept a plain list and a missing hierarchy', () => {
    expect(childCategories([entry(1, 'B', 2), entry(2, 'A', 2)]).map((e) => e.id)).toEqual([2, 1]);
    expect(childCategories(null)).toEqual([]);
    expect(childCategories({ default: [] })).toEqual([]);
  });

  test('sort numbers in titles as numbers, and equal titles by id', () => {
    expect(childCategories([entry(1, '10 HP', 2), entry(2, '2 HP', 2)]).map((e) => e.title)).toEqual(['2 HP', '10 HP']);
    expect(childCategories([entry(9, 'Same', 2), entry(3, 'Same', 2)]).map((e) => e.id)).toEqual([3, 9]);
  });

  test('hold exactly the level 2 entries, sorted, without touching the input', () => {
    const entryArb = fc.record({ id: fc.integer({ min: 1, max: 100 }), title: fc.string({ maxLength: 6 }), handle: fc.constant('h'), LEVEL: fc.integer({ min: 0, max: 4 }) });
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 30 }), (entries) => {
        const copy = structuredClone(entries);
        const children = childCategories({ default: entries });
        expect(entries).toEqual(copy);
        expect(children.every((e) => e.LEVEL === 2)).toBe(true);
        expect(children).toHaveLength(entries.filter((e) => e.LEVEL === 2).length);
        expect(childCategories(children)).toEqual(children);
      }),
    );
  });
});

describe('byName', () => {
  test("orders as the locale's loose comparison (case, accents, numbers by value), then exactly: a total order", () => {
    const nameArb = fc.string({ unit: fc.constantFrom('a', 'A', 'b', 'B', 'é', 'E', '1', '2', '10', ' ', '-', 'ß', 'ss') });
    fc.assert(
      fc.property(nameArb, nameArb, (a, b) => {
        const loose = a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
        const expected = loose !== 0 ? Math.sign(loose) : a < b ? -1 : a > b ? 1 : 0;
        expect(Math.sign(byName(a, b))).toBe(expected);
        expect(Math.sign(byName(b, a)) + 0).toBe(-expected + 0);
      }),
      { numRuns: 1000 },
    );
    expect(['b2', 'B10', 'a', 'A'].sort(byName)).toEqual(['A', 'a', 'b2', 'B10']);
  });
});
