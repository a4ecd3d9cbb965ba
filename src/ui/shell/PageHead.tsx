/**
 * The head of every page: ONE component writes the title, the meta
 * description, the canonical link, the Open Graph and Twitter card tags, the preload of the
 * above-the-fold picture (React's `preload`, which puts the `<link rel="preload" as="image"
 * imagesrcset imagesizes>` in the head) and the page's JSON-LD. It relies on React 19's hoisting: `<title>`,
 * `<meta>` and `<link>` rendered anywhere in the tree go to the document's `<head>` (in the
 * browser React puts them there and takes them out when the page unmounts; on the server they
 * come first in the HTML, where the render moves them into `<head>`, see `splitHoistedHead` in
 * domain/seo.ts). The JSON-LD scripts are not hoisted by React: they stay where the component
 * is, at the top of the page, which search engines read as well; they are data, not code, so the
 * page's Content-Security-Policy does not concern them.
 * @module
 */
import { jsonLdText, type PageHeadData } from '../../domain/seo.ts';
import { PageHeadTags, type HeadTags } from './PageHeadTags.tsx';

/** Props of {@link PageHead}. */
export interface PageHeadProps {
  /** What the page's head says (built by the page from the domain's rules). */
  head: PageHeadData;
}

/**
 * A head with its JSON-LD written out as script text (what the head's tags component renders, and what
 * the server render keeps for the browser's first view).
 * @example headTags(productHead(store, product, options)).jsonLd[0]; // '{"@context":"https://schema.org",...}'
 */
export function headTags(head: PageHeadData): HeadTags {
  return { ...head, jsonLd: head.jsonLd.map((data) => jsonLdText(data)) };
}

/**
 * The page's head tags.
 * @example <PageHead head={{ title: 'Pumps - Skimmer', description, url, siteName: 'Skimmer', type: 'website', jsonLd: [crumbsLd] }} />
 */
export function PageHead({ head }: PageHeadProps) {
  return <PageHeadTags head={headTags(head)} />;
}
