/**
 * The vendors page (route table: collectionPath + /vendors): every vendor A-Z with its product
 * count; a vendor links to the search results with v (route notes: the vendor link).
 * @module
 */
import { useVendorsIndex } from '../../../hooks/useContentIndexes.ts';
import { CatalogLink } from '../../../ui/catalog/CatalogLink.tsx';
import { LetterIndex } from '../../../ui/content/Indexes.tsx';
import { ShopperPage } from '../page-kit.tsx';
import { ContentState } from './content-kit.tsx';

/**
 * The vendors page.
 * @example <Route path="/collections/vendors" element={<VendorsPage />} />
 */
export default function VendorsPage() {
  const vendors = useVendorsIndex();
  return (
    <ShopperPage>
      <ContentState content={vendors} skeleton="index" skeletonCount={6} staticHeading>
        {() => (
          <LetterIndex
            groups={vendors.groups}
            label="Vendors by letter"
            idPrefix="vendors"
            keyOf={(v) => v.id}
            renderItem={(v) => (
              <>
                <CatalogLink to={v.href}>{v.name}</CatalogLink> <span className="ct-count">({v.countText})</span>
              </>
            )}
          />
        )}
      </ContentState>
    </ShopperPage>
  );
}
