/**
 * The footer of every page: NAVIGATE, CATEGORIES, POPULAR BRANDS, MY
 * ACCOUNT, CONNECT WITH US (phone, hours, email, Washington address, seal), copyright line,
 * payment icons, reCAPTCHA notice, SELLER REVIEWS carousel and the newsletter block.
 *
 * The server renders it whole, as plain HTML: links, texts, the brands (their read is keyed, so
 * the render waits for it and the page carries it for hydration) and a newsletter form that works
 * without JavaScript (a real form post, see server/content/newsletter-form.ts). Only the review
 * cards wait for the browser. The app hydrates it late, once the page has settled.
 * @module
 */
import { useId } from 'react';
import type { QueryKey } from '../../hooks/query/index.ts';
import type { SiteReviewsResponse, VendorsResponse } from '../../api/types.ts';
import { ACCOUNT_LABELS } from '../../domain/account.ts';
import type { NavItem, NavLink } from '../../domain/entities.ts';
import { siteReviewMessage, starFlags } from '../../domain/ratings.ts';
import { SHELL_MESSAGES } from '../../domain/shell.ts';
import {
  FOOTER_ACCOUNT_LINKS, FOOTER_HOURS, FOOTER_NAVIGATE_LINKS, FOOTER_POLICY_LINKS, FOOTER_TEXT, NEWSLETTER_ANCHOR, NEWSLETTER_FORM_ACTION, SELLER_REVIEWS_URL,
  STORE_POSTAL_ADDRESS, brandPath, copyrightLine, footerBrands, footerCategories, newsletterNoticeOf, newsletterNoticeView, newsletterReturnPath,
} from '../../domain/footer.ts';
import { useSkimmer } from '../../hooks/context.ts';
import { useCarousel, useItemsPerView } from '../../hooks/useCarousel.ts';
import { useLoader } from '../../hooks/useLoader.ts';
import { useCaptchaScript } from '../../hooks/useCaptchaScript.ts';
import { useNewsletter } from '../../hooks/useNewsletter.ts';
import { useKeepTyped } from '../keep-typed.ts';
import { PaymentMarks } from './PaymentMarks.tsx';

/** Props of {@link Footer}. */
export interface FooterProps {
  /** The navigation links (CATEGORIES). */
  navData: readonly NavLink[];
  /** The current year for the copyright line (the app reads the clock, not the view). */
  year: number;
  /**
   * The page's path and query ('/collections/pumps?page=2'): the newsletter form posted without
   * JavaScript comes back to it, and shows the outcome its address carries. @default '/'
   */
  page?: string;
}

/** The brands read's key: one answer for every page, rendered on the server and hydrated. */
const brandsKey = (): QueryKey => ['vendors', 'footer'];

function LinkList({ title, items }: { title: string; items: readonly NavItem[] }) {
  const id = useId();
  return (
    <section className="footer-col" aria-labelledby={id}>
      <h2 id={id} className="footer-heading">{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={`${item.url}-${item.title}`}><a href={item.url}>{item.title}</a></li>
        ))}
      </ul>
    </section>
  );
}

function Stars({ stars }: { stars: number }) {
  const flags = starFlags(stars);
  return (
    <span className="stars" role="img" aria-label={`${flags.filter(Boolean).length} out of 5 stars`}>
      {flags.map((on, i) => (
        <span key={i} className={on ? 'star is-on' : 'star'} aria-hidden="true">★</span>
      ))}
    </span>
  );
}

/**
 * The SELLER REVIEWS carousel: `perView` cards at a time (3 of 300 px on desktop, 1 across the width
 * on mobile), moving one card per step in 200 ms, arrows, swipe or drag, pause on hover, 'No
 * feedback given.' for a review without a message (useCarousel 'reviews').
 */
function SellerReviews() {
  const reviews = useLoader<SiteReviewsResponse>({ kind: 'reviews', load: (api, _p, signal) => api.siteReviews({}, { signal }) });
  const items = reviews.data?.siteReviews ?? [];
  const carousel = useCarousel('reviews', items);
  const perView = useItemsPerView('reviews');
  const id = useId();
  return (
    <section className="seller-reviews" aria-labelledby={id} onMouseEnter={carousel.pointerEnter} onMouseLeave={carousel.pointerLeave}>
      <h2 id={id} className="footer-heading">{FOOTER_TEXT.sellerReviews}</h2>
      <a className="seal-badge-link" href={SELLER_REVIEWS_URL} target="_blank" rel="noopener noreferrer">
        <span className="review-badge">{FOOTER_TEXT.seal}</span>
      </a>
      {items.length > 0 && (
        <div
          className="reviews-viewport"
          // swipe or drag past 50 px moves one card (the carousel's 'reviews' rule)
          onPointerDown={(e) => carousel.dragStart(e.clientX)}
          onPointerMove={(e) => carousel.dragging && carousel.dragMove(e.clientX)}
          onPointerUp={(e) => carousel.dragEnd(e.clientX)}
          onPointerCancel={carousel.dragCancel}
        >
          <ul
            className="reviews-track"
            style={{
              transform: `translateX(calc(${(-carousel.index * 100) / perView}% + ${carousel.dragging ? carousel.dragDeltaX : 0}px))`,
              transition: carousel.animate && !carousel.dragging ? undefined : 'none',
            }}
          >
            {carousel.track.map((review, i) => (
              <li key={i} className="review-card" style={{ flexBasis: `${100 / perView}%` }} aria-hidden={i < carousel.index || i >= carousel.index + perView}>
                <Stars stars={review.stars} />
                <p className="review-message">{siteReviewMessage(review.message)}</p>
                <p className="review-name">{review.name}</p>
              </li>
            ))}
          </ul>
          {items.length > 1 && (
            <div className="reviews-arrows">
              <button type="button" className="arrow" aria-label="Previous review" onClick={carousel.prev}>‹</button>
              <button type="button" className="arrow" aria-label="Next review" onClick={carousel.next}>›</button>
            </div>
          )}
        </div>
      )}
      <a className="see-more-reviews" href={SELLER_REVIEWS_URL} target="_blank" rel="noopener noreferrer">{FOOTER_TEXT.seeMoreReviews}</a>
    </section>
  );
}

/**
 * The newsletter block. With JavaScript the form's submit (a click or Enter) goes to
 * useNewsletter; without it (or before the footer has hydrated) it is a plain form post, whose
 * answer comes back in the page's address and is shown here as the machine's first message.
 */
function Newsletter({ page }: { page: string }) {
  const notice = newsletterNoticeOf(page);
  const form = useNewsletter({ notice: notice === null ? null : newsletterNoticeView(notice) });
  // the subscribe call carries a captcha token: the script must be on the page before a submit
  useCaptchaScript();
  const inputId = useId();
  const messageId = useId();
  // an address typed before the footer hydrated is the form's, not lost at the next render
  const keep = useKeepTyped(() => form.email, (_, text) => form.setEmail(text));
  return (
    <section id={NEWSLETTER_ANCHOR} className="newsletter" aria-labelledby={`${inputId}-h`}>
      <div className="container newsletter-inner">
        <div>
          <h2 id={`${inputId}-h`} className="newsletter-headline">{ACCOUNT_LABELS.newsletterHeadline}</h2>
          <p>{ACCOUNT_LABELS.newsletterText}</p>
        </div>
        <form
          className="newsletter-form"
          method="post"
          action={NEWSLETTER_FORM_ACTION}
          // the server's message, not the browser's own bubble, for a bad address
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            form.submit();
          }}
        >
          <label htmlFor={inputId} className="visually-hidden">{ACCOUNT_LABELS.newsletterPlaceholder}</label>
          <input type="hidden" name="returnTo" value={newsletterReturnPath(page)} />
          <input
            ref={keep('email')}
            id={inputId}
            name="email"
            type="email"
            autoComplete="email"
            placeholder={ACCOUNT_LABELS.newsletterPlaceholder}
            value={form.email}
            aria-describedby={form.message ? messageId : undefined}
            aria-invalid={form.status === 'invalid' || undefined}
            onChange={(event) => form.setEmail(event.target.value)}
          />
          <button type="submit" className="button" disabled={!form.canSubmit}>{FOOTER_TEXT.subscribe}</button>
          {form.message && (
            <p id={messageId} className={`form-message tone-${form.tone ?? 'info'}`} role="status">{form.message}</p>
          )}
        </form>
      </div>
    </section>
  );
}

/**
 * The footer. Brands come from the vendors call (10 by product count, `footerBrands`), reviews
 * from the site reviews call, categories from the navigation given by the shell.
 *
 * @example <Footer navData={links} year={new Date().getFullYear()} page={location.pathname + location.search} />
 */
export function Footer({ navData, year, page = '/' }: FooterProps) {
  const { storeConfig, environment } = useSkimmer();
  const vendors = useLoader<VendorsResponse>({ kind: 'vendors', load: (api, _p, signal) => api.vendors({}, { signal }), key: brandsKey });
  const brands = footerBrands(vendors.data?.vendors).map((v) => ({ title: v.name, url: brandPath(v.name) }));
  const connectId = useId();

  return (
    <footer className="site-footer">
      <Newsletter page={page} />
      <div className="container footer-grid">
        <LinkList title={FOOTER_TEXT.footerNavigate} items={FOOTER_NAVIGATE_LINKS} />
        <LinkList title={FOOTER_TEXT.footerCategories} items={footerCategories(navData)} />
        <LinkList title={FOOTER_TEXT.footerBrands} items={brands} />
        <LinkList title={FOOTER_TEXT.footerAccount} items={FOOTER_ACCOUNT_LINKS} />
        <section className="footer-col" aria-labelledby={connectId}>
          <h2 id={connectId} className="footer-heading">{FOOTER_TEXT.footerConnect}</h2>
          <ul>
            <li><a href={`tel:${storeConfig.contactPhoneNumber.replace(/[^\d+]/g, '')}`}>{storeConfig.contactPhoneNumber}</a></li>
            {FOOTER_HOURS.map((line) => <li key={line}>{line}</li>)}
            <li><a href={`mailto:${storeConfig.storeEmail}`}>{storeConfig.storeEmail}</a></li>
          </ul>
          <address>
            {STORE_POSTAL_ADDRESS.map((line) => <span key={line}>{line}<br /></span>)}
          </address>
          <a
            className="seal"
            href={SELLER_REVIEWS_URL}
            target="_blank"
            rel="noopener noreferrer"
            onContextMenu={(event) => {
              event.preventDefault();
              environment.alert(SHELL_MESSAGES.imagesCopyrighted);
            }}
          >
            <svg viewBox="0 0 120 48" width="120" height="48" role="img" aria-label={FOOTER_TEXT.seal}>
              <rect x="1" y="1" width="118" height="46" rx="8" fill="#fff" stroke="#1b8a5a" strokeWidth="2" />
              <text x="60" y="21" textAnchor="middle" fontSize="11" fontWeight="700" fill="#1b8a5a">SHOPPER</text>
              <text x="60" y="36" textAnchor="middle" fontSize="11" fontWeight="700" fill="#1b8a5a">APPROVED ✓</text>
            </svg>
          </a>
        </section>
        <SellerReviews />
      </div>
      <div className="footer-bottom">
        <div className="container footer-bottom-inner">
          <p>{copyrightLine(year, storeConfig.storeName)}</p>
          <ul className="footer-policies" aria-label={FOOTER_TEXT.policies}>
            {FOOTER_POLICY_LINKS.map((item) => <li key={item.url}><a href={item.url}>{item.title}</a></li>)}
          </ul>
          <PaymentMarks label={FOOTER_TEXT.paymentMethods} />
          <p className="recaptcha-notice">{FOOTER_TEXT.recaptchaNotice}</p>
        </div>
      </div>
    </footer>
  );
}
