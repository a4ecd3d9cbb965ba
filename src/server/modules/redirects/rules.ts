/**
 * The redirects' pure rules: which old addresses of Volusion and Shopify the store recognises,
 * how an address is keyed for matching (path case-insensitive, no trailing slash), and how a set
 * of operator redirects is checked: a chain (a → b → c) collapsed to a → c, a loop refused with
 * its line in plain words.
 * @module
 */
import type { LinkPaths } from '../../../domain/urls.ts';
import type { LegacyAddress, RedirectProblem, StoredRedirect } from './schemas.ts';

/** Prefixes of the store's own machinery, never redirected. */
export const RESERVED_PREFIXES: readonly string[] = ['/api/', '/media/', '/feeds/', '/assets/', '/sitemaps/'];

const PRODUCT_HTM = /^\/[^/]*[-_]p\/([^/]+)\.htm$/i;
const CATEGORY_HTM = /^\/[^/]*[-_]s\/([0-9]{1,9})\.htm$/i;
const HANDLE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** A query parameter whatever the case of its name (Volusion's addresses are not case-sensitive). */
function param(query: URLSearchParams, name: string): string | null {
  for (const [key, value] of query) if (key.toLowerCase() === name) return value;
  return null;
}

function prefix(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, '');
  return trimmed === '' ? '' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * The old address a request names, or null. Volusion: `/ProductDetails.asp?ProductCode={code}`,
 * `/{Name}-p/{code}.htm` and `/product_p/{code}.htm` (a product code), `/SearchResults.asp?Cat={id}`,
 * `/{Name}-s/{id}.htm` and `/category_s/{id}.htm` (a category id), whatever their case. Shopify:
 * `/products/{handle}` and `/collections/{handle}`, only where the store's own paths are others
 * (with Shopify's paths they are the store's own pages).
 * @example
 * legacyAddress('/Pool-Pump-p/TWAD15.htm', paths); // { kind: 'product-code', code: 'TWAD15' }
 * legacyAddress('/SearchResults.asp?Cat=2', paths); // { kind: 'category-id', id: 2 }
 */
export function legacyAddress(url: string, paths: Pick<LinkPaths, 'productPath' | 'collectionPath'>): LegacyAddress | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://store.invalid');
  } catch {
    return null;
  }
  const path = parsed.pathname.replace(/\/+$/, '');
  const lower = path.toLowerCase();
  if (lower === '/productdetails.asp') {
    const code = param(parsed.searchParams, 'productcode')?.trim();
    return code ? { kind: 'product-code', code } : null;
  }
  if (lower === '/searchresults.asp') {
    const cat = param(parsed.searchParams, 'cat')?.trim() ?? '';
    return /^[0-9]{1,9}$/.test(cat) && Number(cat) > 0 ? { kind: 'category-id', id: Number(cat) } : null;
  }
  const product = PRODUCT_HTM.exec(path);
  if (product) {
    const code = decoded(product[1]!)?.trim();
    return code ? { kind: 'product-code', code } : null;
  }
  const category = CATEGORY_HTM.exec(path);
  if (category) return Number(category[1]) > 0 ? { kind: 'category-id', id: Number(category[1]) } : null;
  const shopify = /^\/(products|collections)\/([^/]+)$/.exec(path);
  if (shopify) {
    const handle = decoded(shopify[2]!) ?? '';
    if (!HANDLE.test(handle)) return null;
    if (shopify[1] === 'products' && prefix(paths.productPath) !== '/products') return { kind: 'product-handle', handle };
    if (shopify[1] === 'collections' && prefix(paths.collectionPath) !== '/collections') return { kind: 'collection-handle', handle };
  }
  return null;
}

/**
 * The id of a store page an old '.htm' address may also name: the storefront's
 * `/:handle/{id}.htm` shows the generic page with that id, which then wins over the old address.
 * @example htmPageIdOf('/Pumps-s/355.htm'); // 355
 */
export function htmPageIdOf(url: string): number | null {
  const match = /^\/[^/?#]+\/([1-9][0-9]{0,9})\.htm(?:[?#]|$)/i.exec(url);
  return match ? Number(match[1]) : null;
}

/**
 * The key an address is matched by: its path lower-cased, without a trailing slash, percent-
 * encoded as a URL writes it, with its query string (lower-cased) when it has one; an absolute
 * URL counts by its path and query. Null for text that is no address.
 * @example redirectKey('https://old.example/Pool-Pumps/?Page=2'); // '/pool-pumps?page=2'
 */
export function redirectKey(address: string): string | null {
  const text = address.trim();
  if (text === '' || (!text.startsWith('/') && !/^https?:\/\//i.test(text)) || text.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(text, 'http://store.invalid');
  } catch {
    return null;
  }
  const path = url.pathname.replace(/\/+$/, '') || '/';
  return `${path}${url.search}`.toLowerCase();
}

/** The keys a request is looked up by: with its query string first, then its path alone. */
export function requestKeys(url: string): string[] {
  const full = redirectKey(url);
  if (full === null) return [];
  const at = full.indexOf('?');
  return at < 0 ? [full] : [full, full.slice(0, at) || '/'];
}

/** Where a redirect may lead: a path of the store or an absolute http(s) URL; null otherwise. */
export function redirectTarget(text: string): string | null {
  const to = text.trim();
  if (to.startsWith('/') && !to.startsWith('//') && !/[\s\\]/.test(to)) {
    // written as a Location header can carry it: non-ASCII characters percent-encoded
    const url = new URL(to, 'http://store.invalid');
    return `${url.pathname}${url.search}${url.hash}`;
  }
  if (/^https?:\/\/[^\s/?#]+/i.test(to) && !/\s/.test(to)) {
    try {
      return new URL(to).href;
    } catch {
      return null;
    }
  }
  return null;
}

/** A row of a redirects CSV as read. */
export interface RedirectLine {
  line: number;
  from: string;
  to: string;
}

/** The outcome of {@link planRedirects}. */
export type RedirectPlan =
  | { ok: true; rows: StoredRedirect[]; imported: number; collapsed: number }
  | { ok: false; problems: RedirectProblem[] };

/**
 * Checks a file's redirects against each other and the stored ones, and answers every redirect
 * to store (the file's rows over the stored ones with the same old address), each leading to the
 * end of its chain. A bad row, an old address given twice, or a loop (a → b → a, a → a) refuses
 * the whole file with each problem's line in plain words: an operator's file lands whole or not
 * at all.
 * @example
 * planRedirects([{ line: 2, from: '/a', to: '/b' }, { line: 3, from: '/b', to: '/c' }], []);
 * // { ok: true, rows: [{ fromKey: '/a', to: '/c', ... }, { fromKey: '/b', to: '/c', ... }], imported: 2, collapsed: 1 }
 */
export function planRedirects(lines: readonly RedirectLine[], stored: readonly StoredRedirect[]): RedirectPlan {
  const problems: RedirectProblem[] = [];
  const fresh = new Map<string, StoredRedirect & { line: number }>();
  for (const { line, from, to } of lines) {
    const key = redirectKey(from);
    const target = redirectTarget(to);
    if (from.trim() === '') problems.push({ line, reason: `Line ${line}: the 'from' address is empty` });
    else if (key === null) problems.push({ line, reason: `Line ${line}: '${from}' is not an address of the old site (it must start with / or http)` });
    else if (key === '/') problems.push({ line, reason: `Line ${line}: '${from}' is the home page, which cannot be redirected` });
    else if (RESERVED_PREFIXES.some((p) => `${key}/`.startsWith(p))) problems.push({ line, reason: `Line ${line}: '${from}' is an address the store itself uses (${RESERVED_PREFIXES.join(' ')})` });
    if (to.trim() === '') problems.push({ line, reason: `Line ${line}: the 'to' address is empty` });
    else if (target === null) problems.push({ line, reason: `Line ${line}: '${to}' is not a place to send visitors (a path starting with / or an http(s) URL)` });
    if (key === null || target === null || key === '/' || problems.some((p) => p.line === line)) continue;
    const earlier = fresh.get(key);
    if (earlier) {
      problems.push({ line, reason: `Line ${line}: '${from}' is already redirected on line ${earlier.line}` });
      continue;
    }
    fresh.set(key, { fromKey: key, fromPath: from.trim(), to: target, line });
  }
  if (problems.length > 0) return { ok: false, problems };
  const all = new Map<string, StoredRedirect & { line?: number }>(stored.map((r) => [r.fromKey, r]));
  for (const [key, row] of fresh) all.set(key, row);
  const nextKey = (to: string): string | null => (to.startsWith('/') ? redirectKey(to) : null);
  const rows: StoredRedirect[] = [];
  let collapsed = 0;
  for (const row of all.values()) {
    const trail = [row.fromPath];
    const seen = new Set([row.fromKey]);
    let to = row.to;
    for (let key = nextKey(to); key !== null && all.has(key); key = nextKey(to)) {
      trail.push(to);
      if (seen.has(key)) {
        // a loop is reported once, at a line of the file (a stored loop cannot exist)
        const line = row.line ?? [...seen].map((k) => all.get(k)?.line).find((l) => l !== undefined);
        if (row.line !== undefined || line === undefined) problems.push({ line: line ?? 0, reason: `Line ${line}: '${row.fromPath}' goes round in a loop (${trail.join(' → ')}), so it would never arrive` });
        break;
      }
      seen.add(key);
      to = all.get(key)!.to;
    }
    if (to !== row.to) collapsed++;
    rows.push({ fromKey: row.fromKey, fromPath: row.fromPath, to });
  }
  if (problems.length > 0) return { ok: false, problems: dedupe(problems) };
  return { ok: true, rows, imported: fresh.size, collapsed };
}

function dedupe(problems: RedirectProblem[]): RedirectProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => (seen.has(p.reason) ? false : (seen.add(p.reason), true))).sort((a, b) => a.line - b.line);
}
