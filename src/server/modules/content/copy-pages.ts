/**
 * Generic pages of the store (about, policies, contact, expert assistance) for the seed.
 * Ids are fixed so links survive a re-seed; 355 is the expert-assistance page (the search
 * results message links to the page with id 355).
 * @module
 */
import { EXPERT_ASSISTANCE_PAGE } from './config.ts';

/** A generic page as the seed writes it. */
export interface PageCopy {
  id: number;
  handle: string;
  title: string;
  bodyHtml: string;
  seoTitle: string;
  seoDescription: string;
  /** Storefront path: `/{handle}`, or `/{handle}/{id}.htm` for article-style pages. */
  path: string;
}

const HOURS = '<p>Phone hours: Mon-Fri 6AM-8PM PST and Sat-Sun 6AM-3PM PST.</p>';
const ADDRESS = '<address>Skimmer Pool &amp; Spa Supply<br>1840 Harbor Loop Rd, Suite B<br>Bellingham, WA 98225<br>USA</address>';

/** The pages, in id order. */
export const PAGES: readonly PageCopy[] = [
  {
    id: 351, handle: 'about-us', title: 'About Us', path: '/about-us',
    seoTitle: 'About Us | Skimmer Pool & Spa Supply',
    seoDescription: 'A family-run pool and spa parts supplier from Washington state, shipping the exact part you need since 1998.',
    bodyHtml: '<h2>Parts people, since 1998</h2><p>Skimmer Pool &amp; Spa Supply started as a two-bay service shop in Bellingham, Washington. Our technicians were tired of waiting a week for an impeller, so we began stocking the parts we replaced most often. Today we ship pumps, filters, heaters and tens of thousands of replacement parts across North America.</p><p>Most of our staff have serviced pools and spas in the field. When you call, you talk to someone who has rebuilt the pump you are holding.</p><h2>What we promise</h2><ul><li>Genuine and certified replacement parts.</li><li>Honest advice, even when the answer is a two dollar o-ring.</li><li>Fast shipping from our Washington warehouse.</li></ul>',
  },
  {
    id: 352, handle: 'shipping-policy', title: 'Shipping Policy', path: '/shipping-policy',
    seoTitle: 'Shipping Policy | Skimmer Pool & Spa Supply',
    seoDescription: 'Shipping times, costs and carriers for pool and spa parts orders.',
    bodyHtml: '<h2>When your order ships</h2><p>In-stock orders placed before 2PM PST on a business day ship the same day. Other orders ship the next business day.</p><h2>Costs</h2><p>Shipping is calculated at checkout from weight, size and destination. Ground shipping is free on orders over $99 to the contiguous United States, excluding freight items.</p><h2>Freight items</h2><p>Heaters, large filters and some pumps ship by freight carrier, who will call to arrange delivery. Inspect the shipment before signing and note any damage on the delivery receipt.</p><h2>International orders</h2><p>We ship to Canada, Mexico, Australia and selected European countries. Duties and import taxes are paid by the recipient.</p>',
  },
  {
    id: 353, handle: 'returns', title: 'Returns and Refunds', path: '/returns',
    seoTitle: 'Returns and Refunds | Skimmer Pool & Spa Supply',
    seoDescription: 'Return unused parts within 30 days. Restocking fees and return-by-mail instructions.',
    bodyHtml: '<h2>30-day returns</h2><p>Unused items in their original packaging may be returned within 30 days of delivery. Returns are accepted by mail from addresses in the United States only.</p><h2>Restocking fees</h2><p>Items that are not defective may carry a restocking fee of 15 percent. Freight items carry the return freight cost.</p><h2>Items we cannot accept</h2><ul><li>Electrical parts that have been installed or wired.</li><li>Opened chemicals.</li><li>Special-order items.</li></ul><h2>How to return</h2><ol><li>Contact us with your order number for a return authorization.</li><li>Pack the item securely with the authorization number on the box.</li><li>Ship it to the address we provide; we refund within 5 business days of receipt.</li></ol>',
  },
  {
    id: 354, handle: 'privacy-policy', title: 'Privacy Policy', path: '/privacy-policy',
    seoTitle: 'Privacy Policy | Skimmer Pool & Spa Supply',
    seoDescription: 'How we collect, use and protect your information.',
    bodyHtml: '<h2>What we collect</h2><p>We collect the information you give us when you order, create an account or subscribe: name, addresses, email, phone and order history. Payment card data is handled by our payment processor and never stored on our servers.</p><h2>How we use it</h2><p>We use your information to fulfil orders, provide support, prevent fraud and, if you subscribe, send our newsletter.</p><h2>Cookies and analytics</h2><p>We use cookies to keep your cart and sign-in, and anonymous analytics to improve the store. This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.</p><h2>Your choices</h2><p>You can update your account details at any time, unsubscribe from emails with one click, and ask us to delete your data by contacting us.</p>',
  },
  {
    id: EXPERT_ASSISTANCE_PAGE.id, handle: EXPERT_ASSISTANCE_PAGE.handle, title: 'Request Expert Assistance', path: EXPERT_ASSISTANCE_PAGE.path,
    seoTitle: 'Request Expert Assistance | Skimmer Pool & Spa Supply',
    seoDescription: "Can't find your part? Our pool and spa parts specialists will identify it for you.",
    bodyHtml: "<h2>Can't find your part?</h2><p>Our parts specialists identify thousands of parts every season, including discontinued models. Send us what you know and we will find the right part, usually the same day.</p><h2>What to send us</h2><ol><li>The brand and model of the equipment, from its label.</li><li>A photo of the label and of the part you need.</li><li>Any numbers molded or printed on the old part.</li></ol><h2>How to reach us</h2><p>Call <a href=\"tel:+13605550142\">(360) 555-0142</a> or email <a href=\"mailto:support@skimmer-pool.example\">support@skimmer-pool.example</a> with the photos attached.</p>" + HOURS,
  },
  {
    id: 356, handle: 'contact-us', title: 'Contact Us', path: '/contact-us',
    seoTitle: 'Contact Us | Skimmer Pool & Spa Supply',
    seoDescription: 'Phone, email, hours and address of Skimmer Pool & Spa Supply.',
    bodyHtml: '<h2>Talk to a parts specialist</h2><p>Phone: <a href="tel:+13605550142">(360) 555-0142</a><br>Email: <a href="mailto:support@skimmer-pool.example">support@skimmer-pool.example</a></p>' + HOURS + '<h2>Mailing address</h2>' + ADDRESS,
  },
  {
    id: 357, handle: 'terms-of-service', title: 'Terms of Service', path: '/terms-of-service',
    seoTitle: 'Terms of Service | Skimmer Pool & Spa Supply',
    seoDescription: 'The terms that apply to orders and use of this store.',
    bodyHtml: '<h2>Orders</h2><p>An order is accepted when it ships. Prices and availability may change without notice; we will contact you before shipping if a price on your order was wrong.</p><h2>Warranty</h2><p>Products carry the manufacturer warranty only. We help you file warranty claims but do not add a warranty of our own.</p><h2>Installation</h2><p>Gas and electrical equipment must be installed by qualified professionals according to local codes.</p>',
  },
];
