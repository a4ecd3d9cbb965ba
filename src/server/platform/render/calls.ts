/**
 * The render's API calls as plain data: what crosses between a render thread (render-thread.mjs)
 * and the app on the main thread (index.ts `inProcessCall`), and the API client's transport
 * (`ClientOptions.transport` of `skimmer/api`) over them on either side: the client hands a call
 * over as data and reads the answer's text, with no fetch Request, Response or body stream in
 * between. The render thread has its own copy of the conversion in JavaScript (it loads no
 * TypeScript).
 * @module
 */
import type { Transport, TransportAnswer } from '../../../api/client.ts';

/** A call of the render's API client, as plain data (it crosses to a render thread and back). */
export interface InProcessCall {
  method: string;
  /** Path and query. */
  url: string;
  headers: [string, string][];
  /** The JSON body's text, if any. */
  body?: string;
}

/**
 * The app's answer to an {@link InProcessCall}: the transport's answer as it is (the body's text),
 * and for a read the app keeps between renders (render/index.ts `CatalogueReads`), how long a
 * render thread may keep it too ({@link KeptFor}).
 */
export type InProcessAnswer = TransportAnswer & { keep?: KeptFor };

/**
 * How long the answer to a GET may be kept for its path and query: until `untilMs` (ms since the
 * epoch), while the app's kept reads are still of `generation` (each catalogue change starts a new
 * one, and the render threads are told: pool.ts `forget`).
 */
export interface KeptFor {
  generation: number;
  untilMs: number;
}

/** The path and query of a call's whole URL ('http://shop.test/api/nav?depth=2' → '/api/nav?depth=2'). */
export function pathOfUrl(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/**
 * The API client's transport whose calls `call` answers (the app in process on the main thread;
 * render-thread.mjs builds the same transport over its messages).
 * @example createClient({ baseUrl: origin, transport: transportOfCall(inProcessCall(app, ip)) });
 */
export function transportOfCall(call: (call: InProcessCall) => Promise<InProcessAnswer>): Transport {
  return async (request) => call({ method: request.method, url: pathOfUrl(request.url), headers: request.headers, ...(request.body === undefined ? {} : { body: request.body }) });
}
