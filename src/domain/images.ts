/**
 * Responsive image rules: the widths 200 to 800 in steps
 * of 100, the server's sized URL forms (`/media/images/{id}-{w}.png`,
 * `/media/collections/{id}-{w}.png`, `/media/models/{id}/poster-{w}.png`), the `srcset` built from
 * them, and which images load eagerly (the first 5 on desktop).
 *
 * @module
 */

/** The image widths the server draws, in px (200 to 800, step 100). */
export const IMAGE_WIDTHS: readonly number[] = [200, 300, 400, 500, 600, 700, 800];

/**
 * Images with an index below this load eagerly on desktop (indexes 0 to 4).
 * @default 5
 */
export const EAGER_IMAGE_COUNT = 5;

/** The media pictures are drawn square: intrinsic width and height for the layout box. */
export const IMAGE_ASPECT_RATIO = 1;

// an image id, an optional -{3 digits} width, then .png: the server's sized forms
const SIZED_RE = /^(.*\/media\/(?:images|collections)\/[0-9]+)(?:-[0-9]{3})?\.png(\?.*)?$/;
const POSTER_RE = /^(.*\/media\/models\/[0-9]+\/poster)(?:-[0-9]{3})?\.png(\?.*)?$/;

/**
 * The URL of an image at a width, when the URL is one of the server's sized forms; any other URL
 * (an external CDN, the theme's no-image placeholder) is returned unchanged, since nothing says it
 * comes in sizes. Choice: a width off the list is snapped to the nearest listed width (ties go
 * up), so a caller can never ask the server for a size it does not draw.
 *
 * @example
 * sizedImageUrl('/media/images/12-800.png', 300); // '/media/images/12-300.png'
 * sizedImageUrl('/media/images/12.png', 420); // '/media/images/12-400.png'
 * sizedImageUrl('https://cdn.test/a.jpg', 300); // 'https://cdn.test/a.jpg'
 */
export function sizedImageUrl(url: string, width: number): string {
  const w = snapImageWidth(width);
  const m = SIZED_RE.exec(url) ?? POSTER_RE.exec(url);
  if (!m) return url;
  return `${m[1]}-${w}.png${m[2] ?? ''}`;
}

/**
 * The listed width nearest to `width` (ties go to the larger one; non-finite gives 800).
 * @example snapImageWidth(449); // 400
 */
export function snapImageWidth(width: number): number {
  const max = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ?? 800;
  if (!Number.isFinite(width)) return max;
  let best = max;
  for (const w of IMAGE_WIDTHS) {
    if (Math.abs(w - width) < Math.abs(best - width) || (Math.abs(w - width) === Math.abs(best - width) && w > best)) best = w;
  }
  return best;
}

/** Whether a URL is one of the server's sized forms (so it has a srcset). */
export function isSizedImageUrl(url: string): boolean {
  return SIZED_RE.test(url) || POSTER_RE.test(url);
}

/**
 * The `srcset` of an image: every listed width with its `{w}w` descriptor, or '' for a URL that is
 * not a sized form (the browser then uses `src` alone).
 *
 * @example
 * imageSrcSet('/media/images/7-800.png');
 * // '/media/images/7-200.png 200w, /media/images/7-300.png 300w, ..., /media/images/7-800.png 800w'
 */
export function imageSrcSet(url: string): string {
  if (!isSizedImageUrl(url)) return '';
  return IMAGE_WIDTHS.map((w) => `${sizedImageUrl(url, w)} ${w}w`).join(', ');
}

/**
 * How an image at a position loads: eagerly for indexes 0 to 4 on desktop (above the fold),
 * lazily otherwise. Choice: on mobile every image is lazy, since the spec names the eager rule
 * for desktop only and a phone shows at most 2 cards above the fold.
 *
 * @example
 * imageLoading(0, false); // 'eager'
 * imageLoading(5, false); // 'lazy'
 * imageLoading(0, true); // 'lazy'
 */
export function imageLoading(index: number, mobile: boolean): 'eager' | 'lazy' {
  return !mobile && index >= 0 && index < EAGER_IMAGE_COUNT ? 'eager' : 'lazy';
}

/**
 * The `sizes` attribute of a card image: the slider item width (250 px) on desktop, half the
 * viewport on mobile (2 per view).
 * @default '(max-width: 800px) 50vw, 250px'
 */
export const CARD_IMAGE_SIZES = '(max-width: 800px) 50vw, 250px';
