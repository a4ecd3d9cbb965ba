import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { NAV_TEXT, navGroups, type HeaderNavLink, type NavGroup } from '../../src/domain/chrome.ts';

const link = (id: number, url: string, children: HeaderNavLink[] = []): HeaderNavLink => ({ id, title: `Link ${id}`, url, children });
const child = (id: number) => link(id, `/collections/child-${id}`);

/** Every link of the groups, in the order a reader meets them. */
const flatten = (groups: readonly NavGroup[]): HeaderNavLink[] => groups.flatMap((g) => (g.kind === 'link' ? [g.link] : g.columns));

describe('navGroups', () => {
  test('folds 14 collections and 5 page links into one category panel and 5 links', () => {
    const collections = Array.from({ length: 14 }, (_, i) => link(i + 1, `/collections/c${i}`, [child(100 + i)]));
    const pages = ['/equipment', '/brands', '/blogs', '/questions', '/help.asp'].map((url, i) => link(200 + i, url));
    const groups = navGroups([...collections, ...pages], '/collections');
    expect(groups.map((g) => (g.kind === 'link' ? g.link.url : g.title))).toEqual([NAV_TEXT.categories, ...pages.map((p) => p.url)]);
    expect(groups[0]).toMatchObject({ kind: 'panel', columns: collections });
  });

  test('places the category panel where the first collection was', () => {
    const groups = navGroups([link(1, '/equipment'), link(2, '/collections/pumps'), link(3, '/brands'), link(4, '/collections/filters')], '/collections');
    expect(groups.map((g) => g.kind === 'link' ? g.link.id : g.title)).toEqual([1, NAV_TEXT.categories, 3]);
  });

  test('keeps a link with children of another kind as its own panel, titled by the link', () => {
    const help = link(7, '/help.asp', [link(8, '/help/shipping')]);
    expect(navGroups([help], '/collections')).toEqual([{ kind: 'panel', key: '7-/help.asp', title: 'Link 7', columns: [help] }]);
  });

  test('honours the configured collection path and leaves the vendors index a link', () => {
    const groups = navGroups([link(1, '/shop/pumps'), link(2, '/shop/vendors'), link(3, '/collections/x')], '/shop/');
    expect(groups.map((g) => g.kind)).toEqual(['panel', 'link', 'link']);
  });

  test('no links give no groups', () => {
    expect(navGroups([], '/collections')).toEqual([]);
  });

  const urls = fc.constantFrom('/collections/a', '/collections/b', '/collections/vendors', '/brands', '/equipment', '/help.asp', '/blogs');
  const links = fc.array(
    fc.record({ id: fc.nat(1000), url: urls, kids: fc.nat(3) }).map(({ id, url, kids }) => link(id, url, Array.from({ length: kids }, (_, i) => child(id * 10 + i)))),
    { maxLength: 25 },
  );

  test('every link appears exactly once, and the order of links of a kind is kept (property)', () => {
    fc.assert(fc.property(links, (input) => {
      const out = flatten(navGroups(input, '/collections'));
      expect([...out].sort((a, b) => input.indexOf(a) - input.indexOf(b))).toEqual(input);
      const collections = input.filter((l) => out.includes(l) && /^\/collections\/(a|b)$/.test(l.url));
      const panel = navGroups(input, '/collections').find((g) => g.kind === 'panel' && g.key === 'categories');
      expect(panel?.kind === 'panel' ? panel.columns : []).toEqual(collections);
    }));
  });

  test('at most one category panel, and the groups never outnumber the non-collection links plus one (property)', () => {
    fc.assert(fc.property(links, (input) => {
      const groups = navGroups(input, '/collections');
      expect(groups.filter((g) => g.key === 'categories')).toHaveLength(input.some((l) => /^\/collections\/(a|b)$/.test(l.url)) ? 1 : 0);
      expect(groups.length).toBeLessThanOrEqual(input.filter((l) => !/^\/collections\/(a|b)$/.test(l.url)).length + 1);
    }));
  });
});
