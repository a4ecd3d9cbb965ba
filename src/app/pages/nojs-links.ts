/**
 * The links a shopper without JavaScript sorts, filters and pages a listing with, as
 * the HTML inside the listing's `<noscript>`. They are written as text rather than as React
 * elements: what is inside a `<noscript>` is never hydrated (the browser running the scripts reads
 * it as plain text, and React leaves it alone), so it needs no elements, and on a collection page
 * these links were a ninth of the server render's elements. The page's JSON-LD blocks are written
 * the same way. Every text and attribute value is escaped as React escapes them.
 * @module
 */
import { SIDEBAR_TEXT } from '../../domain/filters.ts';
import type { PageInfo, SearchQuery } from '../../domain/entities.ts';
import { listingLinks } from '../../domain/listing.ts';
import { paginationItems } from '../../domain/pagination.ts';
import { SORT_OPTIONS } from '../../domain/search.ts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/**
 * Text or an attribute value as HTML, as React writes them (`& < > " '` escaped).
 * @example htmlEscape('Tom & "Jerry"'); // 'Tom &amp; &quot;Jerry&quot;'
 */
export function htmlEscape(text: string): string {
  return /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c) : text;
}

/** One link of a list, or the gap between page numbers. */
export type NoJsLink = { href: string; text: string; current?: 'true' | 'page' } | { gap: string };

/** A list of links: its navigation's label, an optional heading, the links. */
export interface NoJsLinkList {
  label: string;
  heading: string | null;
  links: NoJsLink[];
}

/**
 * The listing's link lists: the sort options, the vendors and tag filters of its facets, and its
 * pages (each link the listing's query with one field changed, from its first page; the page
 * links keep the rest of the query).
 *
 * @example listingLinkLists('/collections/pumps', {}, null)[0]?.label; // 'Sort by'
 */
export function listingLinkLists(path: string, query: SearchQuery, pageInfo: PageInfo | null): NoJsLinkList[] {
  const link = listingLinks(path, { ...query, page: undefined });
  const lists: NoJsLinkList[] = [
    {
      label: 'Sort by',
      heading: 'Sort by:',
      links: SORT_OPTIONS.map((o) => ({
        href: link({ sortBy: o.value || undefined }),
        text: o.label,
        ...((query.sortBy ?? '') === o.value ? { current: 'true' as const } : {}),
      })),
    },
  ];
  if (pageInfo && pageInfo.availableVendors.length > 0) {
    lists.push({
      label: 'Filter by vendor',
      heading: `${SIDEBAR_TEXT.vendors}:`,
      links: pageInfo.availableVendors.map((v) => ({ href: link({ v: v.vendor }), text: `${v.vendor} (${v.vendorCount})` })),
    });
  }
  if (pageInfo && pageInfo.availableTagFilters.length > 0) {
    lists.push({
      label: 'Filter by tag',
      heading: null,
      links: pageInfo.availableTagFilters.map((t) => ({
        href: link({ t: [...(query.t ?? []).filter(([p]) => p !== t.tagPrefix), [t.tagPrefix, t.tagValue]] }),
        text: `${t.tagPrefix}: ${t.tagValue} (${t.tagCount})`,
      })),
    });
  }
  if (pageInfo && pageInfo.totalPages > 1) {
    lists.push({
      label: 'Pages',
      heading: null,
      links: paginationItems(query.page ?? 0, pageInfo.totalPages).map((item) =>
        item.kind === 'ellipsis' ? { gap: `gap-${item.after}` } : { href: link({ page: item.page }), text: item.label, ...(item.current ? { current: 'page' as const } : {}) },
      ),
    });
  }
  return lists;
}

/**
 * The HTML of link lists: each a `<nav class="sk-nojs">` with its label, its heading and a list of
 * links (`aria-current` on the current one; a gap is an empty `<li class="sk-gap">` the stylesheet
 * draws).
 *
 * @example noJsLinksHtml([{ label: 'Pages', heading: null, links: [{ href: '/c?page=1', text: '2' }] }]);
 * // '<nav class="sk-nojs" aria-label="Pages"><ul><li><a href="/c?page=1">2</a></li></ul></nav>'
 */
export function noJsLinksHtml(lists: readonly NoJsLinkList[]): string {
  let html = '';
  for (const list of lists) {
    html += `<nav class="sk-nojs" aria-label="${htmlEscape(list.label)}">`;
    if (list.heading !== null) html += `<p>${htmlEscape(list.heading)}</p>`;
    html += '<ul>';
    for (const item of list.links) {
      if ('gap' in item) html += '<li class="sk-gap" aria-hidden="true"></li>';
      else html += `<li><a href="${htmlEscape(item.href)}"${item.current ? ` aria-current="${item.current}"` : ''}>${htmlEscape(item.text)}</a></li>`;
    }
    html += '</ul></nav>';
  }
  return html;
}
