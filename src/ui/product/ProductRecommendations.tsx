/**
 * The product page's sliders, loaded when they come into view: related products (the related
 * call) and recently viewed (history mode: a remove button per card; the page's own product left
 * out). Both sit in their own code chunk with the slider and card code.
 * @module
 */
import { useLoader } from '../../hooks/useLoader.ts';
import { useRecentlyViewed } from '../../hooks/useRecentlyViewed.ts';
import { ProductSlider } from '../catalog/ProductSlider.tsx';

/** Related products of one product. */
export function RelatedProducts({ productId, mobile }: { productId: number; mobile: boolean }) {
  const related = useLoader({ kind: 'products', params: productId, load: async (client, id, signal) => (await client.relatedProducts(id, { signal })).products });
  return <ProductSlider title="Related products" products={related.data ?? []} mobile={mobile} />;
}

/** The recently viewed products, without the page's own. */
export function RecentlyViewedProducts({ productId, mobile }: { productId: number; mobile: boolean }) {
  const recent = useRecentlyViewed({ loadProducts: true, excludeId: productId });
  return <ProductSlider title="Recently viewed" products={recent.products} mobile={mobile} onRemove={recent.remove} />;
}
