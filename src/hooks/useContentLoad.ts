/**
 * The content sections' load-once read (a page, an article, a help topic) and its status words.
 * @module
 */
import type { ApiClient } from '../api/client.ts';
import { CONTENT_TEXT } from '../domain/content.ts';
import type { LoaderKind } from '../machines/loader.machine.ts';
import { useLoader } from './useLoader.ts';

/** A content page's state: loading, loaded, missing (404: the not-found page), or failed. */
export type ContentStatus = 'loading' | 'loaded' | 'missing' | 'failed';

/** What {@link useContentLoad} returns. */
export interface ContentLoad<T> {
  status: ContentStatus;
  /** The answer once loaded, else null. */
  data: T | null;
  /** The inline text of a failure or of an empty list, or null. */
  message: string | null;
  /** Loads again with the current parameters. */
  reload(): void;
}

/**
 * The loader kind of the content loads: its failures are logged only and it has no inline text
 * of its own, so each page shows its own (`CONTENT_TEXT.loadFailed`). The blog lists use the
 * 'articles' kind and its spec texts instead.
 */
const CONTENT_KIND: LoaderKind = 'reviews';

/**
 * One content load. `load` resolves null for a missing page (see `orMissing`); a new `key`
 * (another page of a list) is a new read, with the new `params`. The key names the read in the
 * provider's cache (hooks/query: a server render waits for it and puts it in the page), so it
 * must say what is read ('article:{handle}'); `cached` false keeps a load out of the cache and
 * out of the server render (a confirmation link must not be used up by a crawler).
 *
 * @example
 * const help = useContentLoad('help', undefined, (api, _p, signal) => api.help({ signal }));
 */
export function useContentLoad<T, P>(
  key: string,
  params: P,
  load: (client: ApiClient, params: P, signal: AbortSignal) => Promise<T | null>,
  kind: LoaderKind = CONTENT_KIND,
  cached = true,
): ContentLoad<T> {
  const loader = useLoader<T | null, P>({ kind, params, load, ...(cached ? { key: () => ['content', key] } : {}) });
  const status: ContentStatus =
    loader.status === 'loading' ? 'loading' : loader.status === 'failed' ? 'failed' : loader.data === null ? 'missing' : 'loaded';
  return {
    status,
    data: status === 'loaded' ? (loader.data as T) : null,
    message: status === 'failed' ? (loader.message ?? CONTENT_TEXT.loadFailed) : status === 'loaded' ? loader.message : null,
    reload: () => loader.reload(),
  };
}
