import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  alphabetGroups,
  contentCrumbs,
  contentPageParam,
  contentPageUrl,
  contentTitle,
  countText,
  formatContentDate,
  helpAnswerPath,
  htmPageId,
  indexLetter,
  questionThreadPath,
  questionTopicPath,
  readTimeText,
  topCollections,
} from '../../src/domain/content.ts';
import type { NavLink } from '../../src/domain/entities.ts';

describe('content paths', () => {
  test('builds the help, topic and thread paths of the route table', () => {
    expect(helpAnswerPath('how-long-does-shipping-take')).toBe('/help_answer/how-long-does-shipping-take');
    expect(questionTopicPath({ handle: 'pumps-and-motors', id: 1 })).toBe('/questions/Topic/pumps-and-motors/1');
    expect(questionThreadPath({ displayableId: '104237', handle: 'which-seal' })).toBe('/questions/104237/which-seal');
  });

  test.each([
    ['355.htm', 355],
    ['1.htm', 1],
    ['355', null],
    ['355.html', null],
    ['0.htm', null],
    ['0355.htm', null],
    ['abc.htm', null],
    ['99999999999.htm', null],
    ['', null],
  ])('reads the page id of the segment %j as %j', (segment, id) => {
    expect(htmPageId(segment)).toBe(id);
  });

  test('a page id survives the trip through its segment', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (id) => htmPageId(`${id}.htm`) === id));
  });
});

describe('content paging', () => {
  test.each([
    ['2', 2],
    [' 3 ', 3],
    ['0', 0],
    ['-1', 0],
    ['1.5', 0],
    ['x', 0],
    [null, 0],
  ])('reads the page parameter %j as %j', (value, page) => {
    expect(contentPageParam(value)).toBe(page);
  });

  test('leaves page 0 out of the URL and keeps any other page', () => {
    expect(contentPageUrl('/blogs', 0)).toBe('/blogs');
    expect(contentPageUrl('/blogs', 2)).toBe('/blogs?page=2');
  });

  test('a written page reads back as itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (page) => {
        const query = contentPageUrl('/x', page).split('?')[1] ?? '';
        return contentPageParam(new URLSearchParams(query).get('page')) === page;
      }),
    );
  });
});

describe('content texts', () => {
  test('titles use the SEO title when set and append the store name when absent', () => {
    expect(contentTitle({ title: 'Returns' }, 'Skimmer')).toBe('Returns - Skimmer');
    expect(contentTitle({ title: 'About', seoTitle: 'About Us | Skimmer Pool & Spa Supply' }, 'Skimmer Pool & Spa Supply')).toBe(
      'About Us | Skimmer Pool & Spa Supply',
    );
    expect(contentTitle({ title: 'About', seoTitle: '  ' }, 'Skimmer')).toBe('About - Skimmer');
  });

  test('formats API dates in the store time zone and hides unreadable ones', () => {
    expect(formatContentDate('2025-05-26T18:09:30.000Z', 'America/Los_Angeles')).toBe('May 26, 2025');
    expect(formatContentDate('2025-05-27T02:00:00.000Z', 'America/Los_Angeles')).toBe('May 26, 2025');
    expect(formatContentDate('2025-05-27T02:00:00.000Z')).toBe('May 27, 2025');
    expect(formatContentDate('2025-05-27T02:00:00.000Z', 'Not/A_Zone')).toBe('May 27, 2025');
    expect(formatContentDate('yesterday')).toBe('');
    expect(formatContentDate(null)).toBe('');
  });

  test("a date reads as a fresh formatter of its own time zone writes it, whatever zones were asked before (one formatter kept per zone)", () => {
    const zones = ['UTC', 'America/Los_Angeles', 'Asia/Tokyo', 'Europe/Berlin', 'Pacific/Kiritimati'];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.constantFrom(...zones), (time, zone) => {
        const fresh = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: zone }).format(time);
        expect(formatContentDate(new Date(time).toISOString(), zone)).toBe(fresh);
      }),
      { numRuns: 300 },
    );
  });

  test('estimates read time at 225 words per minute, at least one minute', () => {
    expect(readTimeText('')).toBe('1 min read');
    expect(readTimeText(`<p>${'word '.repeat(225)}</p>`)).toBe('1 min read');
    expect(readTimeText(`<p>${'word '.repeat(226)}</p>`)).toBe('2 min read');
  });

  test('counts with a singular for one', () => {
    expect(countText(0, 'answer')).toBe('0 answers');
    expect(countText(1, 'answer')).toBe('1 answer');
    expect(countText(12, 'product')).toBe('12 products');
  });

  test('breadcrumbs end at the current page without a link', () => {
    expect(contentCrumbs([['Help Center', '/help.asp']], 'Returns')).toEqual([{ title: 'Help Center', url: '/help.asp' }, { title: 'Returns' }]);
  });
});

describe('A-Z groups', () => {
  test('sorts by title ignoring case and groups by first letter, other starts under #', () => {
    const groups = alphabetGroups([{ t: 'pumps' }, { t: 'Filters' }, { t: '3-way valves' }, { t: 'Éclairage' }, { t: 'filter media' }], (x) => x.t);
    expect(groups.map((g) => [g.letter, g.items.map((x) => x.t)])).toEqual([
      ['#', ['3-way valves']],
      ['E', ['Éclairage']],
      ['F', ['filter media', 'Filters']],
      ['P', ['pumps']],
    ]);
  });

  test('every item lands in exactly one group, under its own letter, groups in order', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 40 }), (titles) => {
        const groups = alphabetGroups(titles, (t) => t);
        const flat = groups.flatMap((g) => g.items);
        expect(flat.slice().sort()).toEqual(titles.slice().sort());
        for (const g of groups) for (const t of g.items) expect(indexLetter(t)).toBe(g.letter);
        const letters = groups.map((g) => g.letter);
        expect(new Set(letters).size).toBe(letters.length);
        expect(letters.filter((l) => l !== '#')).toEqual(letters.filter((l) => l !== '#').slice().sort());
        if (letters.includes('#')) expect(letters[0]).toBe('#');
      }),
    );
  });
});

describe('top collections', () => {
  const link = (id: number, title: string, url: string, children: NavLink[] = []): NavLink => ({ id, title, url, children });

  test('keeps the links under the collection path, with their collection children', () => {
    const nav = [
      { ...link(1, 'Pumps', '/collections/pumps', [link(2, 'Motors', '/collections/motors'), link(3, 'Blog', '/blogs')]), imageUrl: '/media/1.png' },
      link(4, 'Brands', '/brands'),
      link(5, 'Root', '/collections/'),
    ];
    expect(topCollections(nav, '/collections/')).toEqual([
      { id: 1, title: 'Pumps', url: '/collections/pumps', imageUrl: '/media/1.png', children: [{ id: 2, title: 'Motors', url: '/collections/motors' }] },
    ]);
  });

  test('a root collection path keeps every site link but the root itself', () => {
    expect(topCollections([link(1, 'Pumps', '/pumps'), link(2, 'Home', '/')], '').map((c) => c.title)).toEqual(['Pumps']);
  });
});
