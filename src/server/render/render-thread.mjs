/**
 * A render thread of the RenderPool (pool.ts): loads the built server entry once and renders the
 * pages the main thread sends it. Plain JavaScript: it loads no TypeScript (tsx registers its
 * loader in the main thread only on Node 20), only this file and the built entry.
 *
 * The entry's API calls travel to the main thread as plain data (calls.ts: the app, its database,
 * search index and caches live there) and come back as Responses, so the entry runs exactly as it
 * does on the main thread. `callOfFetch`, `responseOfAnswer` and the fetch below are calls.ts's
 * (`fetchOfCall` there), in JavaScript (test/server/render-pool.test.ts renders the same pages
 * both ways and compares them).
 *
 * Messages (structured clones; call bodies are transferred):
 * - in `{ type: 'render', id, request }`: render `request` (an EntryRenderRequest without its fetch);
 * - out `{ type: 'call', id, callId, call }`: the render `id` asks the app for `call`;
 * - in `{ type: 'answer', callId, answer }` or `{ type: 'answer', callId, error }`;
 * - out `{ type: 'rendered', id, result, dataJson }` (the result's data as JSON text) or
 *   `{ type: 'failed', id, error }`;
 * - out `{ type: 'broken', error }`: the entry could not be loaded (the pool renders in process).
 * @module
 */
/* global Request, Response, Headers */
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

if (!parentPort) throw new Error('render-thread.mjs runs as a worker thread of RenderPool');
const port = parentPort;

/** @param {unknown} error */
const describe = (error) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

// the listener below is attached at once; renders wait for the entry
const entryReady = import(pathToFileURL(workerData.entryPath).href);
entryReady.catch((error) => port.postMessage({ type: 'broken', error: describe(error) }));

/** @type {Map<number, { resolve: (answer: { status: number, headers: [string, string][], body: Uint8Array }) => void, reject: (error: Error) => void }>} */
const calls = new Map();
let nextCall = 0;

/**
 * A fetch's arguments as a call (calls.ts `callOfFetch`).
 * @param {Request | string | URL} input
 * @param {RequestInit | undefined} init
 */
async function callOfFetch(input, init) {
  const request = input instanceof Request ? input : new Request(input, init);
  const url = new URL(request.url);
  /** @type {[string, string][]} */
  const headers = [];
  request.headers.forEach((value, name) => headers.push([name, value]));
  const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
  return { method: request.method, url: url.pathname + url.search, headers, ...(body ? { body } : {}) };
}

/**
 * The Response of an answer (calls.ts `responseOfAnswer`).
 * @param {{ status: number, headers: [string, string][], body: Uint8Array }} answer
 */
function responseOfAnswer(answer) {
  const headers = new Headers();
  for (const [name, value] of answer.headers) headers.append(name, value);
  const empty = answer.status === 204 || answer.status === 304;
  return new Response(empty ? null : answer.body, { status: answer.status, headers });
}

/**
 * @param {number} id
 * @param {object} request
 */
async function render(id, request) {
  /** @param {Request | string | URL} input @param {RequestInit} [init] */
  const fetch = async (input, init) => {
    const call = await callOfFetch(input, init);
    const callId = nextCall++;
    const answer = await new Promise((resolve, reject) => {
      calls.set(callId, { resolve, reject });
      port.postMessage({ type: 'call', id, callId, call }, call.body ? [call.body.buffer] : []);
    });
    return responseOfAnswer(answer);
  };
  try {
    const entry = await entryReady;
    const result = await entry.render({ ...request, fetch });
    // the page's data goes as JSON text: one string to copy, and the main thread writes it into
    // the page as it is (storefront-page.ts SerializedJson) instead of rebuilding and stringifying it
    const dataJson = result.data === null || result.data === undefined ? null : JSON.stringify(result.data);
    port.postMessage({ type: 'rendered', id, result: { ...result, data: null }, dataJson });
  } catch (error) {
    port.postMessage({ type: 'failed', id, error: describe(error) });
  }
}

port.on('message', (message) => {
  if (message.type === 'render') {
    void render(message.id, message.request);
    return;
  }
  const pending = calls.get(message.callId);
  if (!pending) return;
  calls.delete(message.callId);
  if (message.answer) pending.resolve(message.answer);
  else pending.reject(new Error(message.error ?? 'the call failed'));
});
