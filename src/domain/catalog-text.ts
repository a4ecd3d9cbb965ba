/**
 * Texts and links of the shopper pages that no other domain module holds (spec section 2: Product
 * detail page and product card, Home page). The listing pages' texts and filters are in filters.ts.
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

