import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { htmlEscape, listingLinkLists, noJsLinksHtml, type NoJsLinkList } from '../../src/app/pages/nojs-links.ts';
import { listingUrl } from '../../src/domain/listing.ts';
import { pageInfo } from './pages.helpers.tsx';

/** The same lists as React elements: what React wrote for them before they became text (the oracle). */
function AsElements({ lists }: { lists: readonly NoJsLinkList[] }) {
  return (
    <>
      {lists.map((list, i) => (
        <nav key={i} className="sk-nojs" aria-label={list.label}>
          {list.heading !== null && <p>{list.heading}</p>}
          <ul>
            {list.links.map((item, j) =>
              'gap' in item ? (
                <li key={j} className="sk-gap" aria-hidden="true" />
              ) : (
                <li key={j}>
                  <a href={item.href} aria-current={item.current}>
                    {item.text}
                  </a>
                </li>
              ),
            )}
          </ul>
        </nav>
      ))}
    </>
  );
}

const textArb = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '&', '<', '>', '"', "'", '=', '/', 'é', '💧', '&amp;') });
const listsArb: fc.Arbitrary<NoJsLinkList[]> = fc.array(
  fc.record({
    label: textArb,
    heading: fc.option(textArb, { nil: null }),
    links: fc.array(
      fc.oneof(
        fc.record({ href: textArb, text: textArb }),
        fc.record({ href: textArb, text: textArb, current: fc.constantFrom('true' as const, 'page' as const) }),
        fc.record({ gap: fc.string() }),
      ),
      { maxLength: 6 },
    ),
  }),
  { maxLength: 4 },
);

describe('the links without JavaScript, as HTML text', () => {
  test('write what React writes for the same lists, for any texts and addresses', () => {
    fc.assert(
      fc.property(listsArb, (lists) => {
        expect(noJsLinksHtml(lists)).toBe(renderToStaticMarkup(<AsElements lists={lists} />));
      }),
      { numRuns: 400 },
    );
  });

  test('read back as the same texts and addresses in a browser', () => {
    fc.assert(
      fc.property(listsArb, (lists) => {
        const doc = new DOMParser().parseFromString(`<body>${noJsLinksHtml(lists)}</body>`, 'text/html');
        const navs = [...doc.body.children];
        expect(navs.map((n) => n.getAttribute('aria-label'))).toEqual(lists.map((l) => l.label));
        navs.forEach((nav, i) => {
          const links = lists[i]!.links.filter((l) => !('gap' in l)) as { href: string; text: string }[];
          expect([...nav.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent])).toEqual(links.map((l) => [l.href, l.text]));
        });
      }),
      { numRuns: 200 },
    );
    expect(htmlEscape(`<script>alert("x")</script> & 'y'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;y&#x27;');
  });

  test("a listing's lists: the sort options, its vendors and tag filters, its pages, each link the listing's query changed", () => {
    const info = pageInfo(500, 24, {
      availableVendors: [{ vendor: 'Hayward & Sons', vendorCount: 3 }],
      availableTagFilters: [{ tagPrefix: 'Voltage', tagValue: '115V', tagCount: 2 }],
    });
    const query = { q: 'pump', sortBy: 'price_asc' as const, page: 2, t: [['Voltage', '230V']] as [string, string][] };
    const lists = listingLinkLists('/searchresults.asp', query, info);
    expect(lists.map((l) => l.label)).toEqual(['Sort by', 'Filter by vendor', 'Filter by tag', 'Pages']);
    const [sort, vendors, tags, pages] = lists;
    const rest = { ...query, page: undefined };
    expect(sort!.links.find((l) => 'current' in l)).toMatchObject({ href: listingUrl('/searchresults.asp', rest), text: 'Price: lowest to highest' });
    expect(vendors!.links).toEqual([{ href: listingUrl('/searchresults.asp', { ...rest, v: 'Hayward & Sons' }), text: 'Hayward & Sons (3)' }]);
    // a prefix is a radio group: the filter replaces the query's own value of its prefix
    expect(tags!.links).toEqual([{ href: listingUrl('/searchresults.asp', { ...rest, t: [['Voltage', '115V']] }), text: 'Voltage: 115V (2)' }]);
    expect(pages!.links.find((l) => 'current' in l)).toEqual({ href: listingUrl('/searchresults.asp', query), text: '3', current: 'page' });
    expect(pages!.links.some((l) => 'gap' in l)).toBe(true);
    expect(listingLinkLists('/collections/pumps', {}, null).map((l) => l.label)).toEqual(['Sort by']);
  });
});
