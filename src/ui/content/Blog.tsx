/**
 * The blog's views: the article list (cards with picture, date, author, excerpt and tags) and
 * the article (meta line with author, date and read-time estimate, picture, body, tags).
 * @module
 */
import { CONTENT_TEXT } from '../../domain/content.ts';
import type { ArticleSummary, ArticleView, TagLink } from '../../hooks/useContent.ts';
import { CatalogLink } from '../catalog/CatalogLink.tsx';
import { HtmlBody } from './ContentFrame.tsx';

/**
 * Tag links of an article.
 * @example <TagList tags={article.tags} />
 */
export function TagList({ tags, label = CONTENT_TEXT.tags }: { tags: readonly TagLink[]; label?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className="ct-tags" aria-label={label}>
      {tags.map((t) => (
        <li key={t.label}>
          <CatalogLink className="ct-tag" to={t.href}>
            {t.label}
          </CatalogLink>
        </li>
      ))}
    </ul>
  );
}

/** The meta line: author, date and the read time. */
function Meta({ author, date, dateText, readTime }: { author: string; date: string; dateText: string; readTime?: string }) {
  return (
    <p className="ct-meta">
      <span>
        {CONTENT_TEXT.by} {author}
      </span>
      {dateText && <time dateTime={date}>{dateText}</time>}
      {readTime && <span>{readTime}</span>}
    </p>
  );
}

/**
 * The article list: one card per article, its title an h2 linking to the post.
 * @example <ArticleList articles={blog.articles} />
 */
export function ArticleList({ articles }: { articles: readonly ArticleSummary[] }) {
  return (
    <ul className="ct-articles">
      {articles.map((a, i) => (
        <li key={a.id} className="ct-row">
          <CatalogLink to={a.href} className="ct-row__thumb" tabIndex={-1} aria-hidden="true">
            {a.imageUrl ? <img src={a.imageUrl} alt="" width={240} height={160} loading={i < 2 ? 'eager' : 'lazy'} /> : <span className="ct-thumb-empty" />}
          </CatalogLink>
          <div className="ct-row__body">
            <h2 className="ct-row__title">
              <CatalogLink to={a.href}>{a.title}</CatalogLink>
            </h2>
            <Meta author={a.author} date={a.date} dateText={a.dateText} readTime={a.readTimeText ?? undefined} />
            {a.excerpt && <p className="ct-excerpt">{a.excerpt}</p>}
            <TagList tags={a.tags} label={`Tags of ${a.title}`} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The article's header (meta line and picture) and body, then its tags and the way back.
 * @example <ArticleBody article={post.article} blogHref={post.blogHref} />
 */
export function ArticleBody({ article, blogHref }: { article: ArticleView; blogHref: string }) {
  return (
    <article className="ct-article">
      <Meta author={article.author} date={article.date} dateText={article.dateText} readTime={article.readTimeText} />
      {article.imageUrl && <img className="ct-article__image" src={article.imageUrl} alt="" width={800} height={400} />}
      <HtmlBody html={article.bodyHtml} />
      <footer className="ct-article__footer">
        <TagList tags={article.tags} />
        <CatalogLink to={blogHref} className="ct-back">
          ← {CONTENT_TEXT.backToBlog}
        </CatalogLink>
      </footer>
    </article>
  );
}
