/**
 * The OUR BLOG carousel: the articles, tripled for looping, with the
 * inline 'Failed to load articles. Please try again later.' and 'No articles found'.
 * @module
 */
import { useMemo } from 'react';
import type { Article } from '../domain/entities.ts';
import { useCarousel, type CarouselApi } from './useCarousel.ts';
import { useLoader, type LoaderApi } from './useLoader.ts';

/** What {@link useBlogCarousel} returns. */
export interface BlogCarouselApi extends LoaderApi<Article[], undefined> {
  /** The articles once loaded, [] otherwise. */
  articles: Article[];
  /** The list tripled for the looping track (render this one; reset to the middle copy at the edges). */
  track: Article[];
  /** The looping carousel over the articles (index, arrows, swipe). */
  carousel: CarouselApi<Article>;
}

/**
 * The blog carousel's articles. `GET /api/articles` is sent without parameters (no page, limit,
 * sort or order: the server's defaults apply).
 *
 * @example
 * const { track, message } = useBlogCarousel();
 * if (message) return <p>{message}</p>;
 */
export function useBlogCarousel(initialArticles?: Article[]): BlogCarouselApi {
  const loader = useLoader<Article[], undefined>({
    kind: 'articles',
    initialData: initialArticles,
    key: () => ['articles', 'carousel'],
    load: async (client, _params, signal) => (await client.articles(undefined, { signal })).articles,
  });
  const articles = useMemo(() => loader.data ?? [], [loader.data]);
  const carousel = useCarousel('blog', articles);
  return { ...loader, articles, track: carousel.track, carousel };
}
