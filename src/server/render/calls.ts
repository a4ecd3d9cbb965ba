/**
 * The render's API calls as plain data: what crosses between a render thread (render-thread.mjs)
 * and the app on the main thread (index.ts `inProcessCall`), and the fetch's Request and Response
 * on either side. The render thread has its own copy of the two conversions in JavaScript (it loads no
 * TypeScript).
 * @module
 */

/** A call of the render's API client, as plain data (it crosses to a render thread and back). */
export interface InProcessCall {
  method: string;
  /** Path and query. */
  url: string;
  headers: [string, string][];
  body?: Uint8Array;
}

/** The app's answer to an {@link InProcessCall}. */
export interface InProcessAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
}

/** A call as plain data, from a fetch's arguments. */
export async function callOfFetch(input: Request | string | URL, init?: RequestInit): Promise<InProcessCall> {
  const request = input instanceof Request ? input : new Request(input, init);
  const url = new URL(request.url);
  const headers: [string, string][] = [];
  request.headers.forEach((value, name) => headers.push([name, value]));
  const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
  return { method: request.method, url: url.pathname + url.search, headers, ...(body ? { body } : {}) };
}

/** The Response a fetch answers for an {@link InProcessAnswer}. */
export function responseOfAnswer(answer: InProcessAnswer): Response {
  const headers = new Headers();
  for (const [name, value] of answer.headers) headers.append(name, value);
  const empty = answer.status === 204 || answer.status === 304;
  return new Response(empty ? null : (answer.body as Uint8Array<ArrayBuffer>), { status: answer.status, headers });
}

/**
 * A fetch whose calls `call` answers (the app in process on the main thread; render-thread.mjs
 * builds the same fetch over its messages).
 */
export function fetchOfCall(call: (call: InProcessCall) => Promise<InProcessAnswer>): (input: Request | string | URL, init?: RequestInit) => Promise<Response> {
  return async (input, init) => responseOfAnswer(await call(await callOfFetch(input, init)));
}
