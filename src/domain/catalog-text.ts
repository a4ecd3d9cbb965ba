/**
 * Texts and links of the shopper pages that no other domain module holds (the product page,
 * the product card, the home page). The listing pages' texts and filters are in filters.ts.
 *
 * @module
 */

/**
 * The share links of the product page: Facebook's sharer and a mailto with the subject
 * 'Check this out' and the page URL as the body.
 *
 * @example
 * shareLinks('https://shop.test/products/a').email; // 'mailto:?subject=Check%20this%20out&body=https%3A%2F%2Fshop.test%2Fproducts%2Fa'
 */
export function shareLinks(pageUrl: string): { facebook: string; email: string } {
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl)}`,
    email: `mailto:?subject=${encodeURIComponent('Check this out')}&body=${encodeURIComponent(pageUrl)}`,
  };
}

/** The home page's section headings, word for word. */
export const HOME_TEXT = {
  featured: 'FEATURED PRODUCTS',
  popular: 'MOST POPULAR PRODUCTS',
  newest: 'NEW PRODUCTS',
  blog: 'OUR BLOG',
  seeMorePosts: 'SEE MORE POSTS',
} as const;

/** Product page labels of the details grid and tabs. */
export const PRODUCT_SECTION_TEXT = {
  sku: 'SKU',
  availability: 'Availability',
  weight: 'Weight in LBS',
  shipping: 'Shipping',
  description: 'Description',
  warranty: 'Warranty Information',
  pdfs: 'PDFs',
  save: 'Save',
  quickView: 'Quick View',
  featured: 'Featured',
} as const;


/**
 * A collection's description without a first heading that repeats the collection's title: the
 * page's h1 already shows it (a collection page shows its heading once). Titles are
 * compared without tags, entities' spacing or case. Anything else in the description is kept as
 * the server sanitised it.
 *
 * @example
 * descriptionWithoutTitle('<h2>Automation</h2><p>Find the right part.</p>', 'Automation'); // '<p>Find the right part.</p>'
 * descriptionWithoutTitle('<h2>Why automate?</h2><p>…</p>', 'Automation'); // unchanged
 */
export function descriptionWithoutTitle(html: string, title: string): string {
  const lead = /^\s*<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>\s*/i.exec(html);
  if (!lead) return html;
  const plain = (text: string) =>
    text.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/gi, ' ').replace(/&amp;/gi, '&').replace(/\s+/g, ' ').trim().toLowerCase();
  return plain(lead[2] ?? '') === plain(title) && plain(title) !== '' ? html.slice(lead[0].length) : html;
}
