/**
 * The brands page (/brands): every brand A-Z. What the page shows, with its SEO title, canonical path and
 * breadcrumbs.
 * @module
 */
import { useMemo } from 'react';
import { alphabetGroups, CONTENT_PATHS, CONTENT_TEXT, contentCrumbs, contentTitle, type LetterGroup } from '../domain/content.ts';
import { brandLink } from '../domain/urls.ts';
import { useSkimmer } from './context.ts';
import { useContentLoad } from './useContentLoad.ts';
import type { ContentListApi as ListApi } from './content-shared.ts';

/** A brand of the brands page. */
export interface BrandView {
  id: number;
  name: string;
  href: string;
  logoUrl: string | null;
  description: string | null;
}

/** What {@link useBrands} returns. */
export interface BrandsApi extends ListApi {
  brands: BrandView[];
  /** The brands A-Z by first letter. */
  groups: LetterGroup<BrandView>[];
  intro: string;
}

/**
 * The brands page (/brands): every brand A-Z, each linking to /brands/{name}.
 * @example const { groups } = useBrands();
 */
export function useBrands(): BrandsApi {
  const { storeConfig } = useSkimmer();
  const load = useContentLoad('brands', undefined, (api, _p, signal) => api.brands({ signal }));
  const brands = useMemo<BrandView[]>(
    () => (load.data?.brands ?? []).map((b) => ({ id: b.id, name: b.name, href: brandLink(b.name), logoUrl: b.logoUrl, description: b.description })),
    [load.data],
  );
  const groups = useMemo(() => alphabetGroups(brands, (b) => b.name), [brands]);
  return {
    status: load.status === 'missing' ? 'loaded' : load.status,
    brands,
    groups,
    intro: CONTENT_TEXT.brandsIntro,
    message: load.message,
    title: contentTitle({ title: CONTENT_TEXT.brands }, storeConfig.storeName),
    description: CONTENT_TEXT.brandsIntro,
    canonical: CONTENT_PATHS.brands,
    crumbs: contentCrumbs([], CONTENT_TEXT.brands),
    heading: CONTENT_TEXT.brands,
    reload: load.reload,
  };
}
