/**
 * The cached data of a read, for a machine's input (machines start from given data): on the
 * server a missing key suspends the render until it is in the cache, in the browser it never
 * waits.
 * @module
 */
import { use } from 'react';
import { useSkimmer } from '../context.ts';
import { fetchRead, type Read } from './index.ts';

/** A thenable React's `use` reads at once, without suspending. */
const SETTLED = Object.assign(Promise.resolve(undefined), { status: 'fulfilled' as const, value: undefined });

/**
 * The server's read: `use` waits on every render, either for the read's call or for nothing (a
 * settled thenable) once the data is in the cache or the call failed (a failure is not retried:
 * the hook renders as the browser would before its data, and the browser asks again).
 */
function useServerCachedRead<T>(read: Read<T> | null): T | undefined {
  const { queryClient } = useSkimmer();
  const state = read ? queryClient.getQueryState<T>(read.key) : undefined;
  const wait = read !== null && state?.data === undefined && state?.status !== 'error';
  // a new promise always suspends (React has not seen it settle): past this line nothing was
  // awaited, so the state read above is the cache's now (one lookup of the key, not two)
  use(wait ? fetchRead(queryClient, read).then(() => undefined, () => undefined) : SETTLED);
  return state?.data;
}

/** The browser's read: what the cache holds now (hydrated from the server, or kept from before); never waits. */
function useBrowserCachedRead<T>(read: Read<T> | null): T | undefined {
  const { queryClient } = useSkimmer();
  return read ? queryClient.getQueryData<T>(read.key) : undefined;
}

/**
 * The cached data of a read (undefined when there is none). During a server render a read that
 * is not in the cache yet suspends until it is (React's `use`), so the HTML carries the data;
 * in the browser it reads the cache as it is. Which of the two runs is fixed for the provider's
 * whole life (`serverRender`), so the hooks a component calls never change between renders.
 *
 * @example
 * const product = useCachedRead(productRead(client, handle)); // machine input
 */
export function useCachedRead<T>(read: Read<T> | null): T | undefined {
  const { serverRender } = useSkimmer();
  return (serverRender ? useServerCachedRead : useBrowserCachedRead)(read);
}
