/**
 * A product or collection picture with a srcset of the server's widths (200 to 800), `sizes`,
 * intrinsic width and height (no layout shift) and eager loading for the first 5 on desktop.
 * @module
 */
import { CARD_IMAGE_SIZES, imageLoading, imageSrcSet, sizedImageUrl } from '../../domain/images.ts';
import './catalog.css';

/** Props of {@link ResponsiveImage}. */
export interface ResponsiveImageProps {
  /** The image URL as the API gives it (any width form); null shows the placeholder. */
  src: string | null;
  /** The theme's no-image URL, used when `src` is null. */
  placeholder: string;
  alt: string;
  /** Position in its list: indexes 0 to 4 load eagerly on desktop. @default Infinity (lazy) */
  index?: number;
  mobile?: boolean;
  /** The `sizes` attribute. @default CARD_IMAGE_SIZES */
  sizes?: string;
  /** Intrinsic size of the square box, in px. @default 400 */
  size?: number;
  className?: string;
}

/**
 * The picture. The box is square (the server draws square pictures), so width and height reserve
 * its place before it loads.
 *
 * @example
 * <ResponsiveImage src={card.imageUrl} placeholder={theme.productNoImageUrl} alt={card.title} index={i} mobile={mobile} />
 */
export function ResponsiveImage({ src, placeholder, alt, index = Number.POSITIVE_INFINITY, mobile = false, sizes = CARD_IMAGE_SIZES, size = 400, className }: ResponsiveImageProps) {
  const url = src ?? placeholder;
  const srcSet = imageSrcSet(url);
  return (
    <img
      className={className ?? 'sk-img'}
      src={sizedImageUrl(url, size)}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={size}
      height={size}
      loading={imageLoading(index, mobile)}
      decoding="async"
    />
  );
}
