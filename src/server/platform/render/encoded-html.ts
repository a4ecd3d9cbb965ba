/**
 * Storefront pages sent brotli- or gzip-encoded, whatever answers them.
 *
 * `@fastify/compress` encodes the answers of routes (it adds its hook to each route as it is
 * registered), but most storefront pages are answered by the not-found handler (the router of
 * the storefront owns every path the server has no route for), which no route hook sees: those
 * pages went out as plain text, 100 KB of HTML where 15 KB would do, the largest single cost of
 * a shopper's first paint on a slow phone. Pages are encoded here instead, for every way a page
 * is answered, and the page cache keeps each encoding of a page it holds, so a page served from
 * the cache is encoded once, not per request.
 *
 * Brotli at quality 5 (as the API's answers) when the request accepts it, else gzip; pages under
 * 1 KB and requests that accept neither go out as they are. An encoded answer varies on
 * Accept-Encoding and its ETag is weak (the bytes differ by encoding while the page is the same,
 * as nginx marks the pages it compresses); If-None-Match compares ETags weakly, so either form
 * revalidates.
 * @module
 */
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encodings a page is sent in. */
export type HtmlEncoding = 'br' | 'gzip';

/** Pages smaller than this are sent as they are (the encoding would not pay for its header). */
export const ENCODE_MIN_BYTES = 1024;

/** A page's encoded bodies, made on first need and kept with the page (see {@link sendHtml}). */
export type EncodedBodies = Partial<Record<HtmlEncoding, Promise<Buffer>>>;

/**
 * The encoding to send for an Accept-Encoding header: brotli when accepted, else gzip (or `*`),
 * else none. An encoding with `q=0` is refused.
 * @example
 * htmlEncodingFor('gzip, deflate, br'); // 'br'
 * htmlEncodingFor('gzip;q=1.0, br;q=0'); // 'gzip'
 * htmlEncodingFor(undefined); // null
 */
export function htmlEncodingFor(header: string | string[] | undefined): HtmlEncoding | null {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return null;
  const accepted = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const ok = (name: string): boolean => {
    const weight = accepted.get(name) ?? accepted.get('*');
    return weight !== undefined && weight > 0;
  };
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

function encode(body: string | Buffer, encoding: HtmlEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: typeof body === 'string' ? Buffer.byteLength(body) : body.length } })
    : gzipAsync(body, { level: 6 });
}

/** Adds Accept-Encoding to the answer's Vary (keeping what is there). */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const now = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(now)) return;
  reply.header('vary', now ? `${now}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Sends an HTML page (status, type and other headers already set on `reply`), encoded as the
 * request accepts; `memo` keeps the encoded bodies of a page that is sent again (a cached page);
 * `raw`, the page already as UTF-8 (`body`'s bytes), is sent or encoded instead of the text.
 * @example
 * return sendHtml(req, reply.code(200).type('text/html; charset=utf-8'), html, cachedPage.encoded);
 */
export async function sendHtml(req: FastifyRequest, reply: FastifyReply, body: string, memo?: EncodedBodies, raw?: Buffer): Promise<FastifyReply> {
  if (body.length < ENCODE_MIN_BYTES) return reply.send(raw ?? body);
  // every answer of a page that may be encoded varies on the encoding, encoded or not
  varyOnEncoding(reply);
  const encoding = htmlEncodingFor(req.headers['accept-encoding']);
  if (encoding === null) return reply.send(raw ?? body);
  let bytes = memo?.[encoding];
  if (!bytes) {
    const made = encode(raw ?? body, encoding);
    bytes = made;
    // a failed encoding is not kept: the next answer tries again
    if (memo) memo[encoding] = made.catch((err: unknown) => {
      if (memo[encoding] === made) delete memo[encoding];
      throw err;
    });
  }
  const etag = reply.getHeader('etag');
  if (typeof etag === 'string' && etag.startsWith('"')) reply.header('etag', `W/${etag}`);
  return reply.header('content-encoding', encoding).send(await bytes);
}
