/**
 * The storefront's API client, loaded on its first call. The client (`createClient` of
 * skimmer/api) and ky under it are about 8 KB gzipped that a server-rendered page does not need
 * to show or hydrate its first view: every read of that view comes from the data in the HTML,
 * and the first calls (the cart's and the session's start-up calls, the page-view beacon) are made
 * by effects after hydration. So the entry holds this stand-in, whose functions load the real
 * client on the first call and pass every call through; the chunk is then cached like any other.
 * @module
 */
import type { ApiClient, ClientOptions } from '../api/client.ts';

/**
 * An {@link ApiClient} whose code loads with its first call. Each function returns the real
 * client's promise (its errors, an abort included, pass through unchanged).
 *
 * @example
 * const client = lazyClient({ baseUrl: '' });
 * await client.productByHandle('spx1600r'); // loads the client, then calls it
 */
export function lazyClient(options: ClientOptions, load: () => Promise<{ createClient(options: ClientOptions): ApiClient }> = () => import('../api/client.ts')): ApiClient {
  let real: Promise<ApiClient> | null = null;
  const client = () => (real ??= load().then((module) => module.createClient(options)));
  const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  return new Proxy({} as ApiClient, {
    get(_target, name) {
      // not a thenable, and no other well-known symbol: only the client's own functions
      if (typeof name !== 'string' || name === 'then') return undefined;
      let method = methods.get(name);
      if (!method) {
        method = async (...args: unknown[]) => {
          const target = (await client()) as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
          const call = target[name];
          if (typeof call !== 'function') throw new TypeError(`The API client has no function ${name}`);
          return call.apply(target, args);
        };
        methods.set(name, method);
      }
      return method;
    },
  });
}
