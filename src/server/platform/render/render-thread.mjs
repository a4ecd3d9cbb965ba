/**
 * A render thread of the RenderPool (pool.ts): loads the built server entry once and renders the
 * pages the main thread sends it. Plain JavaScript: it loads no TypeScript (tsx registers its
 * loader in the main thread only on Node 20), only this file and the built entry.
 *
 * The entry's API calls travel to the main thread as plain data (calls.ts: the app, its database,
 * search index and caches live there) and their answers come back as text through the API
 * client's transport, so the entry runs exactly as it does on the main thread. The transport below
 * is calls.ts's (`transportOfCall` there), in JavaScript (test/server/platform/render/render-pool.test.ts renders
 * the same pages both ways and compares them).
 *
 * Messages (structured clones):
 * - in `{ type: 'render', id, request }`: render `request` (an EntryRenderRequest without its fetch);
 * - out `{ type: 'call', id, callId, call }`: the render `id` asks the app for `call`;
 * - in `{ type: 'answer', callId, answer }` or `{ type: 'answer', callId, error }`; an answer
 *   with `keep` (calls.ts `KeptFor`: the app's catalogue reads) is kept here for its path and
 *   query until `keep.untilMs`, and later renders read it without asking the main thread;
 * - in `{ type: 'forget', generation }`: the catalogue changed, the kept answers are dropped;
 * - out `{ type: 'rendered', id, result, dataJson }` (the result's data as JSON text) or
 *   `{ type: 'failed', id, error }`;
 * - out `{ type: 'broken', error }`: the entry could not be loaded (the pool renders in process).
 * @module
 */
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

if (!parentPort) throw new Error('render-thread.mjs runs as a worker thread of RenderPool');
const port = parentPort;

/** @param {unknown} error */
const describe = (error) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

// the listener below is attached at once; renders wait for the entry
const entryReady = import(pathToFileURL(workerData.entryPath).href);
entryReady.catch((error) => port.postMessage({ type: 'broken', error: describe(error) }));

/** @typedef {{ status: number, headers: [string, string][], body: string }} Answer */

/** @type {Map<number, { url: string | null, resolve: (answer: Answer) => void, reject: (error: Error) => void }>} */
const calls = new Map();
let nextCall = 0;

/**
 * The answers kept here (the app's catalogue reads: the navigation, collections), by path and
 * query, each until its time; all of one generation of the app's kept reads (a newer generation,
 * told by a `forget` or carried by an answer, drops the older answers).
 * @type {Map<string, { answer: Answer, untilMs: number }>}
 */
const kept = new Map();
let keptGeneration = -1;
/** As many as the app keeps (render/index.ts CatalogueReads), the oldest out first. */
const MAX_KEPT = 4096;

/** @param {number} generation */
function forget(generation) {
  if (generation <= keptGeneration) return;
  kept.clear();
  keptGeneration = generation;
}

/**
 * Keeps a GET's answer when the app says it may be kept.
 * @param {string} url
 * @param {Answer & { keep?: { generation: number, untilMs: number } }} answer
 */
function keep(url, answer) {
  const rule = answer.keep;
  if (!rule) return;
  forget(rule.generation);
  // an answer of a generation already forgotten is not kept
  if (rule.generation !== keptGeneration) return;
  kept.delete(url);
  kept.set(url, { answer: { status: answer.status, headers: answer.headers, body: answer.body }, untilMs: rule.untilMs });
  if (kept.size > MAX_KEPT) kept.delete(/** @type {string} */ (kept.keys().next().value));
}

/**
 * The path and query of a call's whole URL (calls.ts `pathOfUrl`).
 * @param {string} url
 */
function pathOfUrl(url) {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/**
 * @param {number} id
 * @param {object} request
 */
async function render(id, request) {
  /**
   * The API client's transport (calls.ts `transportOfCall`): each call goes to the main thread as
   * data and its answer's text comes back.
   * @param {{ method: string, url: string, headers: [string, string][], body?: string }} call
   */
  const transport = (call) => {
    const url = pathOfUrl(call.url);
    const isGet = call.method === 'GET';
    if (isGet) {
      const found = kept.get(url);
      if (found && Date.now() < found.untilMs) return Promise.resolve(found.answer);
      if (found) kept.delete(url);
    }
    return new Promise((resolve, reject) => {
      const callId = nextCall++;
      calls.set(callId, { url: isGet ? url : null, resolve, reject });
      const data = { method: call.method, url, headers: call.headers, ...(call.body === undefined ? {} : { body: call.body }) };
      port.postMessage({ type: 'call', id, callId, call: data });
    });
  };
  try {
    const entry = await entryReady;
    const result = await entry.render({ ...request, transport });
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
  if (message.type === 'forget') {
    forget(message.generation);
    return;
  }
  const pending = calls.get(message.callId);
  if (!pending) return;
  calls.delete(message.callId);
  if (message.answer) {
    if (pending.url !== null) keep(pending.url, message.answer);
    const { status, headers, body } = message.answer;
    pending.resolve({ status, headers, body });
  } else pending.reject(new Error(message.error ?? 'the call failed'));
});
