/**
 * The tags of a page's head, from a head whose JSON-LD is already text ({@link HeadTags}): what
 * {@link PageHead} renders, split out so a page can show a head built elsewhere (the server's, in
 * the page's data) without the head rules' code. See PageHead.tsx for the model (React 19's
 * hoisting of `<title>`, `<meta>` and `<link>`; the JSON-LD scripts stay where the component is).
 * @module
 */
import { preload } from 'react-dom';
import type { PageHeadData } from '../../domain/seo.ts';

/** A page's head with its JSON-LD written out (`jsonLdText` of each object). */
export type HeadTags = Omit<PageHeadData, 'jsonLd'> & {
  /** The text of each `<script type="application/ld+json">`, escaped for a script element. */
  jsonLd: readonly string[];
};

/**
 * The page's head tags.
 * @example <PageHeadTags head={{ ...head, jsonLd: head.jsonLd.map(jsonLdText) }} />
 */
export function PageHeadTags({ head }: { head: HeadTags }) {
  const { title, description, url, siteName, type, image, preloadImage, jsonLd, noindex } = head;
  if (preloadImage) {
    // React's resource preload: a <link rel="preload" as="image"> in the head, first in it on the
    // server, and one only: React also preloads a high-priority <img> by the same srcset and
    // sizes, and the two share a key
    preload(preloadImage.href, {
      as: 'image',
      fetchPriority: 'high',
      ...(preloadImage.srcSet ? { imageSrcSet: preloadImage.srcSet, imageSizes: preloadImage.sizes } : {}),
    });
  }
  return (
    <>
      <title>{title}</title>
      {description && <meta name="description" content={description} />}
      {url && <link rel="canonical" href={url} />}
      {noindex && <meta name="robots" content="noindex, follow" />}
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      {siteName && <meta property="og:site_name" content={siteName} />}
      {url && <meta property="og:url" content={url} />}
      {description && <meta property="og:description" content={description} />}
      {image && <meta property="og:image" content={image.url} />}
      {image && image.alt && <meta property="og:image:alt" content={image.alt} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      {description && <meta name="twitter:description" content={description} />}
      {image && <meta name="twitter:image" content={image.url} />}
      {jsonLd.map((text, index) => (
        // the text is the same on the server and in the browser except a date derived from the
        // clock (a product offer's priceValidUntil) around midnight: no warning for that
        <script key={index} type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />
      ))}
    </>
  );
}
