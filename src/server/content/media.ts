/**
 * Generated images for content (blog, hero, info cards, brand logos, banners): simple SVG
 * placeholders drawn from the image's slug, so the store looks finished without shipping
 * binary assets. Served by `contentRoutes` under /media/content/.
 *
 * URL form: `/media/content/{slug}-{width}.svg`, width 200 to 800 in steps of 100 (spec section 9
 * image widths), so the storefront can swap the width the same way it does for product images.
 * @module
 */

/** Where content images live. */
export const CONTENT_MEDIA_PREFIX = '/media/content/';

/** Widths the media route serves (spec section 9: 200 to 800 in steps of 100). */
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

/** A stable hue for a slug, so an image keeps its colour across runs. */
function hueOf(slug: string): number {
  let h = 2166136261;
  for (let i = 0; i < slug.length; i++) h = Math.imul(h ^ slug.charCodeAt(i), 16777619);
  return (h >>> 0) % 360;
}

/** Logos, favicons and avatars are square; everything else is a 16:9 banner. */
function aspectOf(slug: string): number {
  return /^(logo|favicon|brand|avatar)/.test(slug) ? 1 : 9 / 16;
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
 * Draws the SVG for a slug at a width: a two-tone gradient with the slug's words as a caption.
 * The slug alphabet ([a-z0-9-]) needs no XML escaping.
 */
export function renderContentSvg(slug: string, width: number): string {
  const height = Math.round(width * aspectOf(slug));
  const hue = hueOf(slug);
  const words = slug
    .split('-')
    .filter((w) => !/^\d+$/.test(w))
    .slice(0, 5)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
  const size = Math.max(12, Math.round(width / 18));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},75%,35%)"/>` +
    `</linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
    `<path d="M0 ${Math.round(height * 0.75)} Q ${width / 4} ${Math.round(height * 0.65)} ${width / 2} ${Math.round(height * 0.75)} T ${width} ${Math.round(height * 0.75)} V ${height} H 0 Z" fill="rgba(255,255,255,0.18)"/>` +
    `<text x="50%" y="50%" text-anchor="middle" dominant-baseline="middle" font-family="Helvetica, Arial, sans-serif" font-size="${size}" fill="#fff">${words}</text>` +
    `</svg>`
  );
}
