/**
 * The product page's media viewer (it opens from a main image or a 3D model
 * thumbnail): the picture or the 3D model in a modal, with Previous and Next. Its own chunk,
 * loaded when the shopper first opens it; the 3D viewer loads only for a 3D item.
 * @module
 */
import { lazy, Suspense } from 'react';
import type { Product } from '../../domain/entities.ts';
import { sizedImageUrl } from '../../domain/images.ts';
import { mediaPositionText } from '../../domain/media-viewer.ts';
import { Modal } from '../shell/Modal.tsx';
import { Spinner } from '../shell/Spinner.tsx';
import type { GalleryItem } from './ProductGallery.tsx';

const ModelViewer = lazy(() => import('./ModelViewer.tsx').then((m) => ({ default: m.ModelViewer })));

/** Props of {@link MediaViewer}. */
export interface MediaViewerProps {
  product: Product;
  items: GalleryItem[];
  /** The item shown; null when closed. */
  viewer: number | null;
  /** Moves by one item (wrapping). */
  onStep(by: number): void;
  onClose(): void;
  /** Registers the 3D viewer element; called only when a 3D item opens. */
  loadModelViewer(): Promise<unknown>;
}

/**
 * The viewer.
 * @example <MediaViewer product={product} items={items} viewer={0} onStep={step} onClose={close} loadModelViewer={load} />
 */
export default function MediaViewer({ product, items, viewer, onStep, onClose, loadModelViewer }: MediaViewerProps) {
  const open = viewer === null ? undefined : items[viewer];
  const step = onStep;
  return (
    <Modal open={open !== undefined} title={product.title} onClose={onClose} className="sk-pp-viewer">
          {open?.kind === 'image' && (
            <img className="sk-pp-viewer__img" src={sizedImageUrl(open.image.url, 800)} alt={open.image.altText ?? product.title} width={800} height={800} />
          )}
          {open?.kind === 'model' && (
            <Suspense fallback={<Spinner label="Loading the 3D model" />}>
              <ModelViewer model={open.model} alt={`3D model of ${product.title}`} load={loadModelViewer} />
            </Suspense>
          )}
          {items.length > 1 && viewer !== null && (
            <div className="sk-pp-viewer__nav">
              <button type="button" className="sk-btn" onClick={() => step(-1)}>
                Previous
              </button>
              <span aria-live="polite">{mediaPositionText((items[viewer] as GalleryItem).kind, viewer, items.length)}</span>
              <button type="button" className="sk-btn" onClick={() => step(1)}>
                Next
              </button>
            </div>
          )}
    </Modal>
  );
}
