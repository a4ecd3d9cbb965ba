/**
 * The product page's image and 3D model gallery: the main picture, thumbnails of
 * the images and 3D models, and the media viewer, which opens from the main picture or from a 3D
 * model thumbnail and steps through every item. The main picture is the page's largest content:
 * it loads eagerly with high priority and a srcset of the server's widths (200 to 800), inside a
 * square box reserved before it loads (no layout shift); thumbnails load lazily.
 * @module
 */
import { lazy, Suspense, useState } from 'react';
import type { Model3D, Product, ProductImage } from '../../domain/entities.ts';
import { imageSrcSet, sizedImageUrl } from '../../domain/images.ts';
import { ResponsiveImage } from '../catalog/ResponsiveImage.tsx';
import './product.css';

/** The 3D view: its own small chunk, fetched with the viewer package when a 3D item opens. */
const MediaViewer = lazy(() => import('./MediaViewer.tsx'));

/** One item of the gallery. */
export type GalleryItem = { kind: 'image'; image: ProductImage } | { kind: 'model'; model: Model3D };

/** The gallery's items: the images in order, then the 3D models. */
export function galleryItems(product: Pick<Product, 'Images' | 'Model3Ds'>): GalleryItem[] {
  return [...product.Images.map((image) => ({ kind: 'image' as const, image })), ...product.Model3Ds.map((model) => ({ kind: 'model' as const, model }))];
}

/** Props of {@link ProductGallery}. */
export interface ProductGalleryProps {
  product: Product;
  /** The theme's no-image picture, shown when the product has no image. */
  placeholder: string;
  /** Registers the 3D viewer element (see {@link ModelViewer}); called only when a 3D item opens. */
  loadModelViewer(): Promise<unknown>;
}

/**
 * The `sizes` of the main picture: the full width on mobile, half the page on desktop. index.html
 * preloads the picture with the same srcset and sizes: change both together.
 */
export const MAIN_IMAGE_SIZES = '(max-width: 800px) 100vw, 600px';

/** The name of a gallery item: 'Image 2', '3D model 1'. */
export function itemLabel(item: GalleryItem, index: number, imageCount: number): string {
  return item.kind === 'image' ? `Image ${index + 1}` : `3D model ${index + 1 - imageCount}`;
}

/**
 * The gallery.
 * @example <ProductGallery product={product} placeholder={theme.productNoImageUrl} loadModelViewer={() => import('@google/model-viewer')} />
 */
export function ProductGallery({ product, placeholder, loadModelViewer }: ProductGalleryProps) {
  const items = galleryItems(product);
  const imageCount = product.Images.length;
  const [current, setCurrent] = useState(0);
  const [viewer, setViewer] = useState<number | null>(null);
  const shown = items[current];
  const mainUrl = shown?.kind === 'image' ? shown.image.url : shown?.kind === 'model' ? shown.model.posterUrl : (product.imageUrl ?? placeholder);
  const mainAlt = shown?.kind === 'image' ? (shown.image.altText ?? product.title) : shown?.kind === 'model' ? `3D model of ${product.title}` : product.title;
  const srcSet = imageSrcSet(mainUrl);
  // the viewer's code (the modal and its focus handling) loads when it first opens, and stays
  const [viewerUsed, setViewerUsed] = useState(false);
  if (viewer !== null && !viewerUsed) setViewerUsed(true);
  const step = (by: number) => setViewer((v) => (v === null ? v : (v + by + items.length) % items.length));

  return (
    <section className="sk-gallery sk-pp-gallery" aria-label="Product images">
      <button type="button" className="sk-pp-gallery__main" onClick={() => shown && setViewer(current)} disabled={!shown} aria-label={shown ? `Open ${product.title} in the media viewer` : product.title}>
        <img
          className="sk-pp-gallery__img"
          src={sizedImageUrl(mainUrl, 800)}
          srcSet={srcSet || undefined}
          sizes={srcSet ? MAIN_IMAGE_SIZES : undefined}
          alt={mainAlt}
          width={800}
          height={800}
          loading="eager"
          fetchPriority="high"
          decoding="async"
        />
        {shown?.kind === 'model' && <span className="sk-pp-gallery__badge" aria-hidden="true">3D</span>}
      </button>
      {items.length > 1 && (
        <ul className="sk-pp-gallery__thumbs">
          {items.map((item, i) => (
            <li key={item.kind === 'image' ? `i${item.image.id}` : `m${item.model.id}`}>
              <button
                type="button"
                className="sk-pp-gallery__thumb"
                aria-pressed={item.kind === 'image' ? i === current : undefined}
                aria-label={item.kind === 'model' ? `Open ${itemLabel(item, i, imageCount)} in the media viewer` : itemLabel(item, i, imageCount)}
                onClick={() => (item.kind === 'model' ? setViewer(i) : setCurrent(i))}
              >
                <ResponsiveImage src={item.kind === 'image' ? item.image.url : item.model.posterUrl} placeholder={placeholder} alt="" size={200} sizes="80px" />
                {item.kind === 'model' && <span className="sk-pp-gallery__badge" aria-hidden="true">3D</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewerUsed && (
        <Suspense fallback={null}>
          <MediaViewer product={product} items={items} viewer={viewer} onStep={step} onClose={() => setViewer(null)} loadModelViewer={loadModelViewer} />
        </Suspense>
      )}
    </section>
  );
}
