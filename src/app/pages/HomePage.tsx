/**
 * The home page: the hero slideshow (theme heroSection.images, 7500 ms, drag), the info cards
 * (theme infoCards), the FEATURED PRODUCTS, MOST POPULAR PRODUCTS and NEW PRODUCTS grids (4 each)
 * and the OUR BLOG carousel with SEE MORE POSTS.
 * @module
 */
import { useRef } from 'react';
import { preload } from 'react-dom';
import { BLOG_CAROUSEL } from '../../domain/carousel.ts';
import { HOME_TEXT } from '../../domain/catalog-text.ts';
import { SHELL_MESSAGES } from '../../domain/shell.ts';
import type { ThemeConfig } from '../../domain/entities.ts';
import { createStoreLinks, type HomeGrid } from '../../domain/urls.ts';
import { useSkimmer } from '../../hooks/context.ts';
import { useBlogCarousel } from '../../hooks/useBlogCarousel.ts';
import { useCarousel } from '../../hooks/useCarousel.ts';
import { useHomeGrid } from '../../hooks/useHomeGrid.ts';
import { useMobileLayout } from '../../hooks/useMobileLayout.ts';
import { CatalogLink } from '../../ui/catalog/CatalogLink.tsx';
import { ProductGrid } from '../../ui/catalog/ProductGrid.tsx';
import { Skeletons } from '../../ui/catalog/Skeletons.tsx';
import '../../ui/catalog/catalog.css';
import { ShopperPage } from './page-kit.tsx';
import { headRules, LazyPageHead } from '../page-head.tsx';
import { useRenderContext } from '../render-context.tsx';

/** The home page's head rules (Organization, WebSite): see page-head.tsx. */
const HOME_HEAD = headRules(() => import('../../domain/seo-pages.ts'));

type Slide = ThemeConfig['heroSection']['images'][number];

function Hero({ slides }: { slides: readonly Slide[] }) {
  const { environment } = useSkimmer();
  const hero = useCarousel('hero', slides);
  const frame = useRef<HTMLDivElement>(null);
  // the first slide is the page's largest paint, and a CSS background is found only once styles
  // apply: a high-priority preload in the head lets the browser fetch it with the HTML (React
  // writes it into the server's head and keys its resource hints by href: one preload)
  const first = slides[0];
  if (first) preload(first.backgroundUrl, { as: 'image', fetchPriority: 'high' });
  if (slides.length === 0) return null;
  return (
    <section className="sk-hero" aria-roledescription="carousel" aria-label="Highlights">
      <div
        ref={frame}
        className="sk-hero__frame"
        onPointerEnter={hero.pointerEnter}
        onPointerLeave={hero.pointerLeave}
        onPointerDown={(e) => hero.dragStart(e.clientX)}
        onPointerMove={(e) => hero.dragging && hero.dragMove(e.clientX)}
        onPointerUp={(e) => hero.dragEnd(e.clientX, frame.current?.offsetWidth ?? 0)}
        onPointerCancel={hero.dragCancel}
        onContextMenu={(e) => {
          // the slide images are copyrighted, as the header's logo: a right-click shows the notice
          e.preventDefault();
          environment.alert(SHELL_MESSAGES.imagesCopyrighted);
        }}
        style={{ position: 'absolute', inset: 0 }}
      >
        {hero.track.map((s, i) => (
          <div
            key={i}
            className="sk-hero__slide"
            hidden={i !== hero.index}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            style={{ backgroundImage: `url(${JSON.stringify(s.backgroundUrl)})`, transform: i === hero.index && hero.dragging ? `translateX(${hero.dragDeltaX}px)` : undefined }}
          >
            <div className="sk-hero__caption">
              {s.title && <p className="sk-hero__title">{s.title}</p>}
              {s.subtitle && <p>{s.subtitle}</p>}
              {s.url && (
                <CatalogLink to={s.url} className="sk-btn sk-btn--primary sk-hero__cta">
                  Shop now
                </CatalogLink>
              )}
            </div>
          </div>
        ))}
      </div>
      {slides.length > 1 && (
        <div className="sk-hero__controls">
          <button type="button" onClick={hero.prev} aria-label="Previous slide">
            ‹
          </button>
          {slides.map((_, i) => (
            <button key={i} type="button" aria-label={`Go to slide ${i + 1}`} aria-current={i === hero.item ? 'true' : undefined} onClick={() => hero.goTo(i)}>
              •
            </button>
          ))}
          <button type="button" onClick={hero.next} aria-label="Next slide">
            ›
          </button>
        </div>
      )}
    </section>
  );
}

function Grid({ grid, title, mobile }: { grid: HomeGrid; title: string; mobile: boolean }) {
  const { products, loading } = useHomeGrid(grid);
  const id = `home-${grid}`;
  return (
    <section aria-labelledby={id} className="sk-home-grid">
      <h2 id={id}>{title}</h2>
      {loading ? <Skeletons count={4} /> : <ProductGrid products={products} mobile={mobile} />}
    </section>
  );
}

function Blog() {
  const { storeConfig } = useSkimmer();
  const links = createStoreLinks(storeConfig);
  const blog = useBlogCarousel();
  const { carousel } = blog;
  return (
    <section aria-labelledby="home-blog" className="sk-blog">
      <h2 id="home-blog">{HOME_TEXT.blog}</h2>
      {blog.message ? (
        <p>{blog.message}</p>
      ) : (
        <div className="sk-slider__frame">
          <button type="button" className="sk-slider__arrow" aria-label="Previous posts" onClick={carousel.prev}>
            ‹
          </button>
          <div className="sk-slider__viewport" style={{ minHeight: BLOG_CAROUSEL.viewHeightPx }}>
            <ul
              className="sk-blog__track sk-slider__track"
              style={{
                transform: `translateX(${-carousel.index * (BLOG_CAROUSEL.cardWidthPx + 16)}px)`,
                transition: carousel.animate ? `transform ${BLOG_CAROUSEL.slideMs}ms ease` : 'none',
              }}
            >
              {blog.track.map((a, i) => (
                <li key={`${a.id}-${i}`} className="sk-blog__card" aria-hidden={i < blog.articles.length || i >= blog.articles.length * 2 ? true : undefined}>
                  <CatalogLink to={links.blogPost(a.handle)} tabIndex={i < blog.articles.length || i >= blog.articles.length * 2 ? -1 : undefined}>
                    {a.imageUrl && <img src={a.imageUrl} alt="" width={BLOG_CAROUSEL.cardWidthPx} height={180} loading="lazy" />}
                    <h3>{a.title}</h3>
                  </CatalogLink>
                  {a.seoDescription && <p>{a.seoDescription}</p>}
                </li>
              ))}
            </ul>
          </div>
          <button type="button" className="sk-slider__arrow" aria-label="Next posts" onClick={carousel.next}>
            ›
          </button>
        </div>
      )}
      <CatalogLink to={links.blog()} className="sk-blog__more">
        {HOME_TEXT.seeMorePosts}
      </CatalogLink>
    </section>
  );
}

function Home() {
  const { themeConfig, storeConfig } = useSkimmer();
  const mobile = useMobileLayout();
  const { origin } = useRenderContext();
  return (
    <div className="sk-page sk-home">
      {/* the head: the theme's SEO title and description, Organization and WebSite (SearchAction) JSON-LD */}
      <LazyPageHead rules={HOME_HEAD} build={(rules) => rules.homeHead({ origin, ...storeConfig }, { seoTitle: themeConfig.seoTitle, seoDescription: themeConfig.seoDescription, heroImageUrl: themeConfig.heroSection.images[0]?.backgroundUrl })} />
      <h1 className="sk-visually-hidden">{themeConfig.seoTitle}</h1>
      <Hero slides={themeConfig.heroSection.images} />
      {themeConfig.infoCards.length > 0 && (
        <ul className="sk-info-cards">
          {themeConfig.infoCards.map((c, i) => (
            <li key={i} className="sk-card">
              <CatalogLink to={c.url}>
                {c.imageUrl && <img src={c.imageUrl} alt="" width={64} height={64} />}
                {c.title && <strong>{c.title}</strong>}
              </CatalogLink>
              {c.text && <p>{c.text}</p>}
            </li>
          ))}
        </ul>
      )}
      <Grid grid="featured" title={HOME_TEXT.featured} mobile={mobile} />
      <Grid grid="popular" title={HOME_TEXT.popular} mobile={mobile} />
      <Grid grid="new" title={HOME_TEXT.newest} mobile={mobile} />
      <Blog />
    </div>
  );
}

/**
 * The home route ('/' and '/default.asp').
 * @example <Route path="/" element={<HomePage />} />
 */
export default function HomePage() {
  return (
    <ShopperPage>
      <Home />
    </ShopperPage>
  );
}
