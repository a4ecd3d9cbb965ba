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
 *
 * Content-Security-Policy: the page's inline scripts are allowed by their SHA-256 hashes
 * ({@link inlineScriptHashes}), not by a per-response nonce: a revalidated page (304) is shown
 * from the browser's cache with the new answer's policy, so a nonce would no longer match the
 * cached bytes. The configuration block is JSON (`type="application/json"`), which browsers
 * never run, so the values filled into it need no hash.
 * @module
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mergeHead, stripHeadTags, type ReplacedHeadTags } from '../../../domain/seo.ts';
import { sendHtml } from './encoded-html.ts';

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
  return scriptSafeJson(value instanceof SerializedJson ? value.json : JSON.stringify(value));
}

/** JSON text made safe inside a `<script>` element (see {@link jsonForScript}). */
function scriptSafeJson(json: string): string {
  // the page's data block is tens of KB: each character is looked for by the engine's own search
  // (no regular expression calling back per match), and text without one is returned as it is
  let safe = json.includes('<') ? json.replaceAll('<', '\\u003c') : json;
  if (safe.includes('\u2028')) safe = safe.replaceAll('\u2028', '\\u2028');
  if (safe.includes('\u2029')) safe = safe.replaceAll('\u2029', '\\u2029');
  return safe;
}

/**
 * A value already written as JSON text (`JSON.stringify` of it): a render thread sends the page's
 * data this way (render/pool.ts), so the main thread neither rebuilds the object from a structured
 * clone nor stringifies it again. {@link jsonForScript} writes the text as it is, made safe.
 * @example jsonForScript(new SerializedJson('{"a":"</script>"}')); // '{"a":"\u003c/script>"}'
 */
export class SerializedJson {
  constructor(readonly json: string) {}
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

const SCRIPT_RE = /<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi;
const DATA_TYPE_RE = /\stype\s*=\s*["']?(?!(?:text|application)\/(?:java|ecma)script|module)[^"'\s>]+/i;

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts a page runs: every `<script>` without a
 * `src` whose type is JavaScript (data blocks such as `application/json` are never run).
 * @example
 * inlineScriptHashes('<script>go()</script>'); // ["'sha256-…'"]
 */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(SCRIPT_RE)) {
    const attrs = m[1] ?? '';
    if (/\ssrc\s*=/i.test(attrs) || DATA_TYPE_RE.test(attrs)) continue;
    out.push(`'sha256-${createHash('sha256').update(m[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return [...new Set(out)];
}

/** The storefront page's handler, with the CSP hashes of the page's inline scripts. */
export interface StorefrontPageHandler {
  (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** The quoted 'sha256-…' sources of the current page's inline scripts, space-separated ('' before the page exists). */
  scriptHashes(): string;
  /**
   * The page filled with the store's values, read again when the file changed (the server render
   * puts the app's HTML into it). Keeps this answer's CSP in step like the handler does. A caller
   * that has read the values for this answer already passes them (one read of the settings).
   */
  filledPage(reply: FastifyReply, known?: StorefrontPageValues): Promise<string>;
}

/** What a server render adds to the page (see src/server/platform/render). */
export interface RenderedParts {
  /** The app's HTML, put inside `<div id="root">`. */
  html: string;
  /** The data the browser starts from: written as JSON (never run) after the root. */
  data: unknown;
  /** The head tags the app rendered (title, meta, link), put at the end of the page's head. */
  headHtml?: string;
  /** The head the page asked for: title, canonical URL (absolute), meta description. */
  head: { title: string | null; canonical: string | null; description: string | null };
}

const ROOT_MARK = /<div id="root"><\/div>/;

/**
 * The page with a server render in it: the app's HTML in the root, the data block after it
 * (`<script type="application/json" id="skimmer-data">`, escaped by {@link jsonForScript}), and
 * the page's title, description and canonical link in the head. A page without a root is
 * returned unchanged.
 *
 * @example
 * withRenderedApp(page, { html: '<main>…</main>', data: { queries }, head: { title: 'Pump', canonical: null, description: null } });
 */
export function withRenderedApp(page: string, parts: RenderedParts): string {
  if (!ROOT_MARK.test(page)) return page;
  const data = parts.data === null ? '' : `<script type="application/json" id="skimmer-data">${jsonForScript(parts.data)}</script>`;
  const out = page.replace(ROOT_MARK, () => `<div id="root">${parts.html}</div>${data}`);
  // the app's own head tags first; what a page only asked for through useServerHead fills in
  let head = parts.headHtml ?? '';
  const { title, description, canonical } = parts.head;
  if (title && !/<title[\s>]/i.test(head)) head = `<title>${escapeHtml(title)}</title>${head}`;
  if (description && !/<meta\s[^>]*name="description"/i.test(head)) head += `<meta name="description" content="${escapeHtml(description)}"/>`;
  if (canonical && !/<link\s[^>]*rel="canonical"/i.test(head)) head += `<link rel="canonical" href="${escapeHtml(canonical)}"/>`;
  const end = out.indexOf('</head>');
  if (end < 0 || head === '') return out;
  const start = out.indexOf('<head>');
  const inner = out.slice(start + '<head>'.length, end);
  return `${out.slice(0, start + '<head>'.length)}${mergeHead(inner, head, keptStripHeadTags)}${out.slice(end)}`;
}

/** The template heads without a page's replaced tags, by template and tags (every page of a store asks for the same few). */
const strippedHeads = new Map<string, string>();

/** `stripHeadTags`, kept for the last few templates (the regular expressions ran over the template's head for every page). */
function keptStripHeadTags(templateHead: string, replaced: ReplacedHeadTags): string {
  const key = `${Number(replaced.title)}${Number(replaced.description)}${Number(replaced.canonical)}${templateHead}`;
  let stripped = strippedHeads.get(key);
  if (stripped === undefined) {
    stripped = stripHeadTags(templateHead, replaced);
    if (strippedHeads.size >= 16) strippedHeads.clear();
    strippedHeads.set(key, stripped);
  }
  return stripped;
}

/**
 * A handler that answers the storefront page from `file`, filled with `values()` read at each
 * request (an operator's configuration change shows at the next page load).
 */
export function storefrontPageHandler(file: string, values: () => StorefrontPageValues | Promise<StorefrontPageValues>): StorefrontPageHandler {
  let cached: { mtimeMs: number; html: string; hashes: string } | null = null;
  const template = (): string => {
    const { mtimeMs } = statSync(file);
    if (!cached || cached.mtimeMs !== mtimeMs) {
      const html = readFileSync(file, 'utf8');
      cached = { mtimeMs, html, hashes: inlineScriptHashes(html).join(' ') };
    }
    return cached.html;
  };
  // read at once when the page exists, so the policy of the first answer has the hashes
  if (existsSync(file)) template();
  const filledPage = async (reply: FastifyReply, known?: StorefrontPageValues): Promise<string> => {
    const before = cached?.hashes ?? '';
    const page = template();
    const after = cached?.hashes ?? '';
    // the page file changed under a running server: this answer's policy (set before the
    // handler ran) gets the new page's hashes
    const csp = reply.getHeader('content-security-policy');
    if (before !== after && typeof csp === 'string') reply.header('content-security-policy', before === '' ? csp : csp.replace(before, after));
    return fillStorefrontPage(page, known ?? (await values()));
  };
  const handler = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const body = await filledPage(reply);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    void reply.header('cache-control', 'no-cache').header('etag', etag).type('text/html; charset=utf-8');
    if (req.headers['if-none-match']?.replace(/^W\//, '') === etag) return reply.code(304).send();
    return sendHtml(req, reply, body);
  };
  return Object.assign(handler, { scriptHashes: () => cached?.hashes ?? '', filledPage });
}
