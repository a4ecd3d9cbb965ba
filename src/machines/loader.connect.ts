/**
 * What a load-once section shows (the home grids, the blog carousel, the navigation, the footer
 * lists), from its read's entry in the cache: a pure function, tested without React; `useLoader`
 * returns it with its reload. The kinds' messages live here, for the loader machine too.
 * @module
 */
import { isEmptyResult, LOADING_MESSAGES } from '../domain/loading.ts';
import { failureMessage } from '../domain/session.ts';
import { logged, notify, type LogEmitted, type NotifyEmitted } from './account.helpers.ts';
import type { LoaderKind, LoaderMessages } from './loader.types.ts';

/**
 * The messages of each kind. None is given for the seller reviews and
 * the footer brands; their failures are logged only (the footer simply shows
 * no reviews or brands), our choice. The blog failure is inline only (the
 * carousel shows the text in its place), not a toast.
 */
export const LOADER_MESSAGES: Readonly<Record<LoaderKind, LoaderMessages>> = {
  products: { failureTone: 'error', failureText: null, emptyText: null },
  articles: { failureTone: null, failureText: LOADING_MESSAGES.articlesFailed, emptyText: LOADING_MESSAGES.noArticles },
  nav: { failureTone: 'danger', failureText: null, emptyText: null },
  reviews: { failureTone: null, failureText: null, emptyText: null },
  vendors: { failureTone: null, failureText: null, emptyText: null },
};

/** The section's state name. */
export type LoaderStatus = 'loading' | 'loaded' | 'empty' | 'failed';

/** What a section's read holds: pending until the first answer, then its data or its failure. */
export interface LoaderSource<T> {
  status: 'pending' | 'success' | 'error';
  data: T | undefined;
  error: unknown;
}

/** What a section shows. */
export interface LoaderView<T> {
  status: LoaderStatus;
  /** The last answer, or null before one. */
  data: T | null;
  loading: boolean;
  /** The failure's message, or null. */
  error: string | null;
  /** The inline text ('Failed to load articles. Please try again later.', 'No articles found'), or null. */
  message: string | null;
}

/**
 * The view of a section of `kind` whose read is `source`; `reloading` shows a reload in flight as
 * loading (the last answer kept in `data`).
 * @example connectLoader({ status: 'success', data: [], error: null }, 'articles').message; // 'No articles found'
 */
export function connectLoader<T>(source: LoaderSource<T>, kind: LoaderKind, reloading = false): LoaderView<T> {
  const rule = LOADER_MESSAGES[kind];
  const data = source.data ?? null;
  if (reloading || source.status === 'pending') return { status: 'loading', data, loading: true, error: null, message: null };
  if (source.status === 'error') return { status: 'failed', data, loading: false, error: failureMessage(source.error), message: rule.failureText };
  const empty = isEmptyResult(source.data);
  return { status: empty ? 'empty' : 'loaded', data, loading: false, error: null, message: empty ? rule.emptyText : null };
}

/**
 * What a section's failure tells the shopper: a toast in the kind's tone, else a log line only.
 * @example loaderFailureNotice('products', new Error('down')); // { type: 'notify', tone: 'error', message: 'down' }
 */
export function loaderFailureNotice(kind: LoaderKind, error: unknown): NotifyEmitted | LogEmitted {
  const tone = LOADER_MESSAGES[kind].failureTone;
  return tone ? notify(tone, failureMessage(error)) : logged('load', error);
}
