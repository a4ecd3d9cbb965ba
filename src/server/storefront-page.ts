/**
 * The storefront's HTML page (the built `index.html`) as the server sends it for every route of
 * the storefront, with the store's own values filled into the placeholders the page declares:
 *
 * - `<!--skimmer:config-->` inside `<script type="application/json" id="skimmer-config">`: the
 *   answer of GET /api/config, so the storefront starts without waiting for that call;
 * - `<!--skimmer:announcement-->`: the announcement text, so the bar at the top of every page is
 *   painted with the HTML, before any script has run (the React shell then renders the same bar
 *   in the same place). When the announcement is blank, the block between
 *   `<!--skimmer:announcement-bar-->` and `<!--/skimmer:announcement-bar-->` is left out, as the
 *   shell shows no bar then.
 *
 * The page file is read again when its modification time changes. Answers carry a strong ETag of
 * their bytes and `cache-control: no-cache`, so a browser
 * revalidates and a repeated visit costs a 304.
 * @module
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The values the page is filled with. */
export interface StorefrontPageValues {
  /** The answer of GET /api/config. */
  config: { storeConfig: { storefrontAnnouncement?: string }; themeConfig: unknown };
}

const CONFIG_MARK = '<!--skimmer:config-->';
const ANNOUNCEMENT_MARK = '<!--skimmer:announcement-->';
const BAR_BLOCK = /<!--skimmer:announcement-bar-->([\s\S]*?)<!--\/skimmer:announcement-bar-->/;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML character data. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * JSON that is safe inside a `<script>` element: no `</script>` or `<!--` can end or change it
 * (every `<` becomes `\u003c`), and U+2028/U+2029 are escaped for old parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * Fills the page's placeholders (see the module comment). A page without them is returned as
 * it is, so an older build keeps working.
 *
 * @example
 * fillStorefrontPage('<p><!--skimmer:announcement--></p>', { config }); // '<p>Free shipping ...</p>'
 */
export function fillStorefrontPage(html: string, values: StorefrontPageValues): string {
  const text = (values.config.storeConfig.storefrontAnnouncement ?? '').trim();
  const withBar = text
    ? html.replace(BAR_BLOCK, (_all, bar: string) => bar.replace(ANNOUNCEMENT_MARK, () => escapeHtml(text)))
    : html.replace(BAR_BLOCK, '');
  return withBar.replace(CONFIG_MARK, () => jsonForScript(values.config));
}

/**
 * A handler that answers the storefront page from `file`, filled with `values()` read at each
 * request (an operator's configuration change shows at the next page load).
 */
export function storefrontPageHandler(file: string, values: () => StorefrontPageValues) {
  let cached: { mtimeMs: number; html: string } | null = null;
  const template = (): string => {
    const { mtimeMs } = statSync(file);
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    return cached.html;
  };
  return (req: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const body = fillStorefrontPage(template(), values());
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    void reply.header('cache-control', 'no-cache').header('etag', etag).type('text/html; charset=utf-8');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(body);
  };
}
