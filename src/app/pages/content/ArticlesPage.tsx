/**
 * The blog (route table: articlePath root, articlePath/tags/{tagValue}, articlePath/{handle},
 * and /blogs, /blogs/{handle}: /blogs is SEE MORE POSTS' target). The list shows 10 articles a
 * page (`?page=`, zero-based) with picture, title, author, date, excerpt and tags; an article
 * shows its author, date, read-time estimate, tags and the server-sanitised body.
 * @module
 */
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { contentPageParam } from '../../../domain/content.ts';
import { DEFAULT_BLOG_PATH } from '../../../domain/urls.ts';
import { useArticle, useArticleList, type BlogBase } from '../../../hooks/useContent.ts';
import { Pagination } from '../../../ui/catalog/Pagination.tsx';
import { ArticleBody, ArticleList } from '../../../ui/content/Blog.tsx';
import { ContentMessage } from '../../../ui/content/ContentFrame.tsx';
import '../../../ui/catalog/catalog.css';
import { ShopperPage } from '../page-kit.tsx';
import { ContentState, useListPage } from './content-kit.tsx';

function BlogList({ base, tag, page }: { base: BlogBase; tag?: string; page: number }) {
  const blog = useArticleList({ base, tag, page });
  const onPage = useListPage(blog.pageUrl);
  const info = blog.pageInfo;
  return (
    <ContentState
      content={blog}
      skeleton="rows"
      skeletonCount={4}
      staticHeading
      intro={blog.intro && <p>{blog.intro}</p>}
      items={blog.articles.map((a) => ({ name: a.title, url: a.href }))}
    >
      {() => (
        <section aria-label="Articles">
          {blog.articles.length === 0 && blog.message ? (
            <ContentMessage message={blog.message} />
          ) : (
            <ArticleList articles={blog.articles} />
          )}
          {info && blog.articles.length > 0 && (
            <Pagination page={blog.page} pages={info.totalPages} limit={info.limitPerPage} total={info.totalObjects} resource="articles" onPage={onPage} />
          )}
        </section>
      )}
    </ContentState>
  );
}

function ArticleView({ handle, base }: { handle: string; base: BlogBase }) {
  const post = useArticle(handle, base);
  return (
    <ContentState content={post} skeleton="prose" skeletonCount={12} article={post.article}>
      {() => post.article && <ArticleBody article={post.article} blogHref={post.blogHref} />}
    </ContentState>
  );
}

/**
 * The blog routes: an article when the path has a handle, else the list (of a tag when the path
 * has one). Under /blogs, post links stay under /blogs.
 * @example <Route path="/blogs/:handle" element={<ArticlesPage />} />
 */
export default function ArticlesPage() {
  const { handle, tagValue } = useParams();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const base: BlogBase = pathname === DEFAULT_BLOG_PATH || pathname.startsWith(`${DEFAULT_BLOG_PATH}/`) ? 'blog' : 'articles';
  const page = contentPageParam(search.get('page'));
  return (
    <ShopperPage>
      {handle ? (
        <ArticleView key={handle} handle={handle} base={base} />
      ) : (
        <BlogList key={`${base}|${tagValue ?? ''}`} base={base} tag={tagValue} page={page} />
      )}
    </ShopperPage>
  );
}
