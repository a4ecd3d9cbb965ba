/**
 * The content hook `useContentPage` (one hook a file; `useContent.ts` re-exports it).
 * @module
 */
import { orMissing } from '../api/content.ts';
import type { Page } from '../api/types.ts';
import { contentCrumbs, contentTitle } from '../domain/content.ts';
import { useSkimmer } from './context.ts';
import { type ContentStatus, useContentLoad } from './useContentLoad.ts';
import { type ContentHead } from './content-shared.ts';

// ------------------------------------------------------------------------------------ generic pages

/** Which generic page: by handle (/:handle) or by id (/:handle/{id}.htm). */
export type ContentPageRef = { handle: string } | { id: number };

/** What {@link useContentPage} returns. */
export interface ContentPageApi extends ContentHead {
  status: ContentStatus;
  page: { id: number; title: string; bodyHtml: string } | null;
  message: string | null;
  reload(): void;
}

/**
 * A generic page (/:handle) or an article or product-style page (/:handle/{id}.htm): title and
 * sanitised body; the canonical URL is the page's own path from the server. Unknown: `missing`.
 *
 * @example const page = useContentPage({ id: 355 });
 */
export function useContentPage(ref: ContentPageRef): ContentPageApi {
  const { storeConfig } = useSkimmer();
  const key = 'id' in ref ? `page:id:${ref.id}` : `page:handle:${ref.handle}`;
  const load = useContentLoad(key, ref, (api, r, signal) =>
    'id' in r ? orMissing(api.pageById(r.id, { signal })) : /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/.test(r.handle) ? orMissing(api.page(r.handle, { signal })) : Promise.resolve(null),
  );
  const p: Page | null = load.data?.page ?? null;
  return {
    status: load.status,
    page: p && { id: p.id, title: p.title, bodyHtml: p.bodyHtml },
    message: load.message,
    title: p ? contentTitle(p, storeConfig.storeName) : storeConfig.storeName,
    description: p?.seoDescription ?? null,
    canonical: p?.path ?? ('id' in ref ? '' : `/${ref.handle}`),
    crumbs: contentCrumbs([], p?.title ?? ''),
    heading: p?.title ?? '',
    reload: load.reload,
  };
}
