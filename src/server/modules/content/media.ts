/**
 * Generated images for content (logo, favicon, hero, info cards, brand logos, blog, banners):
 * SVG artwork drawn from the image's slug (src/server/modules/media/content-art.ts), so the store looks
 * finished without shipping binary assets. Served by `contentRoutes` under /media/content/.
 *
 * URL form: `/media/content/{slug}-{width}.svg`, width 200 to 800 in steps of 100 (the
 * storefront's image widths), so the storefront can swap the width the same way it does for
 * product images.
 * @module
 */
import { renderContentArt } from '../media/content-art.ts';

/** Where content images live. */
export const CONTENT_MEDIA_PREFIX = '/media/content/';

/** Widths the media route serves: image widths run from 200 to 800 in steps of 100. */
export const CONTENT_IMAGE_WIDTHS: readonly number[] = [200, 300, 400, 500, 600, 700, 800];

/** File names the media route accepts: a lower-case slug, a width and `.svg`. */
export const CONTENT_MEDIA_FILE_RE = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([2-8]00)\.svg$/;

/**
 * The URL of a generated content image.
 * @default width 800
 * @example
 * contentImageUrl('hero-1'); // '/media/content/hero-1-800.svg'
 */
export function contentImageUrl(slug: string, width = 800): string {
  return `${CONTENT_MEDIA_PREFIX}${slug}-${width}.svg`;
}

/**
 * Parses a media file name into slug and width, or null when it is not one we serve.
 * @example
 * parseContentMediaFile('hero-1-400.svg'); // { slug: 'hero-1', width: 400 }
 */
export function parseContentMediaFile(file: string): { slug: string; width: number } | null {
  const m = CONTENT_MEDIA_FILE_RE.exec(file);
  if (!m || !m[1] || !m[2]) return null;
  return { slug: m[1], width: Number(m[2]) };
}

/**
 * Draws the SVG for a slug at a width: the store's artwork for that kind of image (the logo, a
 * hero illustration, an info icon, a brand mark, an article's subject ...; see
 * src/server/modules/media/content-art.ts). No picture prints its slug.
 */
export function renderContentSvg(slug: string, width: number): string {
  return renderContentArt(slug, width);
}
