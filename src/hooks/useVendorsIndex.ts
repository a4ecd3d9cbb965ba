/**
 * The vendors page: every vendor A-Z with its search link. What the page shows, with its SEO title, canonical path and
 * breadcrumbs.
 * @module
 */
import { useMemo } from 'react';
import { allVendors } from '../api/content.ts';
import { alphabetGroups, CONTENT_TEXT, contentCrumbs, contentTitle, countText, type LetterGroup } from '../domain/content.ts';
import { brandLink, vendorLink } from '../domain/urls.ts';
import { useSkimmer } from './context.ts';
import { useContentLoad } from './useContentLoad.ts';
import { useLinks, type ContentListApi as ListApi } from './content-shared.ts';

/** A vendor of the vendors page. */
export interface VendorView {
  id: number;
  name: string;
  /** The vendor link: the search results with v. */
  href: string;
  /** The brand page. */
  brandHref: string;
  productCount: number;
  countText: string;
}

/** What {@link useVendorsIndex} returns. */
export interface VendorsIndexApi extends ListApi {
  vendors: VendorView[];
  groups: LetterGroup<VendorView>[];
}

/**
 * The vendors page (collectionPath/vendors): every vendor A-Z with its product count, linking to
 * the search results with v (route notes: the vendor link).
 *
 * @example const { groups } = useVendorsIndex();
 */
export function useVendorsIndex(): VendorsIndexApi {
  const { storeConfig } = useSkimmer();
  const links = useLinks();
  const load = useContentLoad('vendors', undefined, (api, _p, signal) => allVendors(api, { signal }));
  const vendors = useMemo<VendorView[]>(
    () =>
      (load.data ?? []).map((v) => ({
        id: v.id,
        name: v.name,
        href: vendorLink(v.name),
        brandHref: brandLink(v.name),
        productCount: v.productCount,
        countText: countText(v.productCount, 'product'),
      })),
    [load.data],
  );
  const groups = useMemo(() => alphabetGroups(vendors, (v) => v.name), [vendors]);
  return {
    status: load.status === 'missing' ? 'loaded' : load.status,
    vendors,
    groups,
    message: load.message,
    title: contentTitle({ title: CONTENT_TEXT.vendors }, storeConfig.storeName),
    description: null,
    canonical: links.vendors(),
    crumbs: contentCrumbs([[CONTENT_TEXT.collections, links.collections()]], CONTENT_TEXT.vendors),
    heading: CONTENT_TEXT.vendors,
    reload: load.reload,
  };
}
