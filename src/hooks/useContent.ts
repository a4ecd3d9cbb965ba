/**
 * The content pages' hooks (spec section 2, route table): the blog list and article, help, the
 * questions and answers, and the generic pages. Each loads once over `loaderMachine` (through
 * `useLoader`), maps a 404 to `missing`, and returns what the page shows: texts, dates, the
 * read-time estimate, links, breadcrumbs, the SEO title and the canonical path.
 *
 * The index-like pages (brands, collections, vendors, product and category index, products list)
 * are in `useContentIndexes.ts`; the newsletter confirmation in `useContentClient.ts`.
 * @module
 */
import { useEffect, useMemo, useRef } from 'react';
import type { ApiClient } from '../api/client.ts';
import { orMissing } from '../api/content.ts';
import type { HelpTopic, ListPageInfo, Page, QuestionThread, QuestionThreadSummary, QuestionTopic } from '../api/types.ts';
import {
  BLOG_PAGE_SIZE,
  CONTENT_PATHS,
  CONTENT_TEXT,
  contentCrumbs,
  contentPageUrl,
  contentTitle,
  countText,
  formatContentDate,
  helpAnswerPath,
  questionThreadPath,
  questionTopicPath,
  readTimeText,
  wordsReadTimeText,
  THREADS_PAGE_SIZE,
  type ContentCrumb,
} from '../domain/content.ts';
import type { Article } from '../domain/entities.ts';
import { createStoreLinks, type StoreLinks } from '../domain/urls.ts';
import type { LoaderKind } from '../machines/loader.machine.ts';
import { useSkimmer } from './context.ts';
import { useLatest } from './useLatest.ts';
import { useLoader } from './useLoader.ts';

/** A content page's state: loading, loaded, missing (404: the not-found page), or failed. */
export type ContentStatus = 'loading' | 'loaded' | 'missing' | 'failed';

/** What {@link useContentLoad} returns. */
export interface ContentLoad<T> {
  status: ContentStatus;
  /** The answer once loaded, else null. */
  data: T | null;
  /** The inline text of a failure or of an empty list, or null. */
  message: string | null;
  /** Loads again with the current parameters. */
  reload(): void;
}

/**
 * The loader kind of the content loads: its failures are logged only and it has no inline text
 * of its own, so each page shows its own (`CONTENT_TEXT.loadFailed`). The blog lists use the
 * 'articles' kind and its spec texts instead.
 */
const CONTENT_KIND: LoaderKind = 'reviews';

/**
 * One content load. `load` resolves null for a missing page (see `orMissing`); a new `key`
 * (another page of a list) loads again with the new `params`. The key names the read in the
 * provider's cache (hooks/query: a server render waits for it and puts it in the page), so it
 * must say what is read ('article:{handle}'); `cached` false keeps a load out of the cache and
 * out of the server render (a confirmation link must not be used up by a crawler).
 *
 * @example
 * const help = useContentLoad('help', undefined, (api, _p, signal) => api.help({ signal }));
 */
export function useContentLoad<T, P>(
  key: string,
  params: P,
  load: (client: ApiClient, params: P, signal: AbortSignal) => Promise<T | null>,
  kind: LoaderKind = CONTENT_KIND,
  cached = true,
): ContentLoad<T> {
  const loader = useLoader<T | null, P>({ kind, params, load, ...(cached ? { key: () => ['content', key] } : {}) });
  const latest = useLatest({ params, reload: loader.reload });
  const loadedKey = useRef(key);
  useEffect(() => {
    // the first render loads on its own; a later key (another page of a list) asks again
    if (loadedKey.current === key) return;
    loadedKey.current = key;
    latest.current.reload(latest.current.params);
  }, [key, latest]);
  const status: ContentStatus =
    loader.status === 'loading' ? 'loading' : loader.status === 'failed' ? 'failed' : loader.data === null ? 'missing' : 'loaded';
  return {
    status,
    data: status === 'loaded' ? (loader.data as T) : null,
    message: status === 'failed' ? (loader.message ?? CONTENT_TEXT.loadFailed) : status === 'loaded' ? loader.message : null,
    reload: () => loader.reload(),
  };
}

/** The link builders of the store configuration. */
function useLinks(): StoreLinks {
  const { storeConfig } = useSkimmer();
  return useMemo(() => createStoreLinks(storeConfig), [storeConfig]);
}

/** What every content page shows in its head and above its heading. */
export interface ContentHead {
  /** The document title (SEO title, store name appended when absent). */
  title: string;
  /** The meta description, when the content has one. */
  description: string | null;
  /** The canonical path of the page. */
  canonical: string;
  /** The breadcrumbs after Home. */
  crumbs: ContentCrumb[];
  /** The page's h1. */
  heading: string;
}

// ------------------------------------------------------------------------------------ blog

/** A tag with its link (articlePath/tags/{tag}). */
export interface TagLink {
  label: string;
  href: string;
}

/** An article as the blog list shows it. */
export interface ArticleSummary {
  id: number;
  title: string;
  href: string;
  imageUrl: string | null;
  author: string;
  dateText: string;
  /** ISO date for the time element. */
  date: string;
  excerpt: string | null;
  /** '{n} min read' (225 words per minute), when the list says how long the article is. */
  readTimeText: string | null;
  tags: TagLink[];
}

/** Where a blog page is read: the configured articlePath, or /blogs (SEE MORE POSTS). */
export type BlogBase = 'articles' | 'blog';

/** Options of {@link useArticleList}. */
export interface ArticleListOptions {
  /** Under which path the list is read; its post links stay there. @default 'articles' */
  base?: BlogBase;
  /** Only the articles with this tag (articlePath/tags/{tag}). */
  tag?: string;
  /** Zero-based page. @default 0 */
  page?: number;
}

/** What {@link useArticleList} returns. */
export interface ArticleListApi extends ContentHead {
  status: ContentStatus;
  articles: ArticleSummary[];
  pageInfo: ListPageInfo | null;
  page: number;
  /** The theme's blog description (shown under the heading of the full list). */
  intro: string | null;
  /** 'No articles found' or 'Failed to load articles. Please try again later.', or null. */
  message: string | null;
  /** The URL of another page of this list. */
  pageUrl(page: number): string;
  reload(): void;
}

function tagLinks(tags: readonly string[] | undefined, links: StoreLinks): TagLink[] {
  return (tags ?? []).map((label) => ({ label, href: links.articleTag(label) }));
}

/**
 * The blog list (articlePath root, /blogs, articlePath/tags/{tag}): 10 articles a page, newest
 * first. Choice: the canonical URL is always under the configured articlePath, since /blogs shows
 * the same list.
 *
 * @example const blog = useArticleList({ base: 'blog', page: 0 });
 */
export function useArticleList(options: ArticleListOptions = {}): ArticleListApi {
  const { storeConfig, themeConfig } = useSkimmer();
  const links = useLinks();
  const page = options.page ?? 0;
  const tag = options.tag?.trim() || undefined;
  const base = options.base ?? 'articles';
  const load = useContentLoad(
    `articles:${tag ?? ''}|${page}`,
    { tag, page },
    (api, p, signal) => {
      const query = { page: p.page, limit: BLOG_PAGE_SIZE, sortBy: 'CREATED', order: 'DESC' } as const;
      return p.tag ? api.articlesByTag(p.tag, query, { signal }) : api.articles(query, { signal });
    },
    'articles',
  );
  const articles = useMemo<ArticleSummary[]>(
    () =>
      (load.data?.articles ?? []).map((a) => ({
        id: a.id,
        title: a.title,
        href: base === 'blog' ? links.blogPost(a.handle) : links.article(a.handle),
        imageUrl: a.imageUrl,
        author: a.author,
        date: a.createdAt,
        dateText: formatContentDate(a.createdAt, storeConfig.appTimeZone),
        excerpt: a.seoDescription,
        readTimeText: a.wordCount === undefined ? null : wordsReadTimeText(a.wordCount),
        tags: tagLinks(a.tags, links),
      })),
    [load.data, base, links, storeConfig.appTimeZone],
  );
  const listPath = tag ? links.articleTag(tag) : base === 'blog' ? links.blog() : links.articles();
  const heading = tag ? CONTENT_TEXT.taggedWith(tag) : CONTENT_TEXT.blog;
  const crumbs = tag
    ? contentCrumbs([[CONTENT_TEXT.blog, base === 'blog' ? links.blog() : links.articles()]], heading)
    : contentCrumbs([], CONTENT_TEXT.blog);
  return {
    status: load.status === 'missing' ? 'loaded' : load.status,
    articles,
    pageInfo: load.data?.pageInfo ?? null,
    page,
    intro: tag ? null : themeConfig.blogDescription || null,
    message: load.message,
    title: contentTitle({ title: page > 0 ? `${heading} - Page ${page + 1}` : heading }, storeConfig.storeName),
    description: tag ? null : themeConfig.blogDescription || null,
    canonical: contentPageUrl(tag ? links.articleTag(tag) : links.articles(), page),
    crumbs,
    heading,
    pageUrl: (n) => contentPageUrl(listPath, n),
    reload: load.reload,
  };
}

/** The article page's article. */
export interface ArticleView {
  id: number;
  title: string;
  author: string;
  date: string;
  dateText: string;
  /** '{n} min read' (225 words per minute). */
  readTimeText: string;
  imageUrl: string | null;
  /** The body, sanitised by the server (its repository sanitises every stored HTML on the way out). */
  bodyHtml: string;
  tags: TagLink[];
}

/** What {@link useArticle} returns. */
export interface ArticleApi extends ContentHead {
  status: ContentStatus;
  article: ArticleView | null;
  /** The blog list this article is read from. */
  blogHref: string;
  message: string | null;
  reload(): void;
}

/**
 * One article (articlePath/{handle}, /blogs/{handle}): author, date, tags, read-time estimate and
 * the sanitised body. An unknown handle is `missing`.
 *
 * @example const post = useArticle('opening-your-pool', 'blog');
 */
export function useArticle(handle: string, base: BlogBase = 'articles'): ArticleApi {
  const { storeConfig } = useSkimmer();
  const links = useLinks();
  const load = useContentLoad(`article:${handle}`, handle, (api, h, signal) => orMissing(api.articleByHandle(h, { signal })));
  const a: Article | null = load.data?.article ?? null;
  const blogHref = base === 'blog' ? links.blog() : links.articles();
  const article = useMemo<ArticleView | null>(
    () =>
      a && {
        id: a.id,
        title: a.title,
        author: a.author,
        date: a.createdAt,
        dateText: formatContentDate(a.createdAt, storeConfig.appTimeZone),
        readTimeText: readTimeText(a.bodyHtml),
        imageUrl: a.imageUrl,
        bodyHtml: a.bodyHtml ?? '',
        tags: tagLinks(a.tags, links),
      },
    [a, links, storeConfig.appTimeZone],
  );
  return {
    status: load.status,
    article,
    blogHref,
    message: load.message,
    title: a ? contentTitle(a, storeConfig.storeName) : contentTitle({ title: CONTENT_TEXT.blog }, storeConfig.storeName),
    description: a?.seoDescription ?? null,
    canonical: links.article(a?.handle ?? handle),
    crumbs: contentCrumbs([[CONTENT_TEXT.blog, blogHref]], a?.title ?? ''),
    heading: a?.title ?? '',
    reload: load.reload,
  };
}

// ------------------------------------------------------------------------------------ help

/** A help topic with its answer links. */
export interface HelpTopicView {
  id: number;
  title: string;
  answers: { id: number; title: string; href: string }[];
}

function helpTopicView(topic: HelpTopic): HelpTopicView {
  return { id: topic.id, title: topic.title, answers: topic.answers.map((a) => ({ id: a.id, title: a.title, href: helpAnswerPath(a.handle) })) };
}

/** What {@link useHelpTopics} returns. */
export interface HelpTopicsApi extends ContentHead {
  status: ContentStatus;
  topics: HelpTopicView[];
  intro: string;
  message: string | null;
  reload(): void;
}

/**
 * The help index (/help.asp): topics with their answers.
 * @example const help = useHelpTopics();
 */
export function useHelpTopics(): HelpTopicsApi {
  const { storeConfig } = useSkimmer();
  const load = useContentLoad('help', undefined, (api, _p, signal) => api.help({ signal }));
  const topics = useMemo(() => (load.data?.topics ?? []).map(helpTopicView), [load.data]);
  return {
    status: load.status === 'missing' ? 'loaded' : load.status,
    topics,
    intro: CONTENT_TEXT.helpIntro,
    message: load.message,
    title: contentTitle({ title: CONTENT_TEXT.help }, storeConfig.storeName),
    description: CONTENT_TEXT.helpIntro,
    canonical: CONTENT_PATHS.help,
    crumbs: contentCrumbs([], CONTENT_TEXT.help),
    heading: CONTENT_TEXT.help,
    reload: load.reload,
  };
}

/** What {@link useHelpAnswer} returns. */
export interface HelpAnswerApi extends ContentHead {
  status: ContentStatus;
  answer: { id: number; title: string; bodyHtml: string; topicTitle: string } | null;
  /** The answer's topic with every answer (the current one included), for the side list. */
  topic: HelpTopicView | null;
  message: string | null;
  reload(): void;
}

/**
 * One help answer (/help_answer/{handle}) with the other answers of its topic.
 * @example const answer = useHelpAnswer('how-long-does-shipping-take');
 */
export function useHelpAnswer(handle: string): HelpAnswerApi {
  const { storeConfig } = useSkimmer();
  const load = useContentLoad(`help:${handle}`, handle, async (api, h, signal) => {
    const [found, index] = await Promise.all([orMissing(api.helpByHandle(h, { signal })), api.help({ signal }).catch(() => ({ topics: [] }))]);
    return found && { answer: found.answer, topics: index.topics };
  });
  const a = load.data?.answer ?? null;
  const topic = useMemo(() => {
    const found = a ? load.data?.topics.find((t) => t.id === a.topic.id) : undefined;
    return found ? helpTopicView(found) : null;
  }, [a, load.data]);
  return {
    status: load.status,
    answer: a && { id: a.id, title: a.title, bodyHtml: a.bodyHtml, topicTitle: a.topic.title },
    topic,
    message: load.message,
    title: contentTitle({ title: a ? `${a.title} - ${CONTENT_TEXT.help}` : CONTENT_TEXT.help }, storeConfig.storeName),
    description: null,
    canonical: helpAnswerPath(a?.handle ?? handle),
    crumbs: contentCrumbs([[CONTENT_TEXT.help, CONTENT_PATHS.help]], a?.title ?? ''),
    heading: a?.title ?? '',
    reload: load.reload,
  };
}

// ------------------------------------------------------------------------------------ questions

/** A question topic with its link and thread count. */
export interface QuestionTopicView {
  id: number;
  title: string;
  description: string | null;
  href: string;
  countText: string;
}

function topicView(t: QuestionTopic): QuestionTopicView {
  return { id: t.id, title: t.title, description: t.description, href: questionTopicPath(t), countText: countText(t.threadCount, 'question') };
}

/** What {@link useQuestionTopics} returns. */
export interface QuestionTopicsApi extends ContentHead {
  status: ContentStatus;
  topics: QuestionTopicView[];
  intro: string;
  message: string | null;
  reload(): void;
}

/**
 * The questions index (/questions): the topics with their thread counts.
 * @example const questions = useQuestionTopics();
 */
export function useQuestionTopics(): QuestionTopicsApi {
  const { storeConfig } = useSkimmer();
  const load = useContentLoad('questions', undefined, (api, _p, signal) => api.questions({ signal }));
  const topics = useMemo(() => (load.data?.topics ?? []).map(topicView), [load.data]);
  return {
    status: load.status === 'missing' ? 'loaded' : load.status,
    topics,
    intro: CONTENT_TEXT.questionsIntro,
    message: load.message,
    title: contentTitle({ title: CONTENT_TEXT.questions }, storeConfig.storeName),
    description: CONTENT_TEXT.questionsIntro,
    canonical: CONTENT_PATHS.questions,
    crumbs: contentCrumbs([], CONTENT_TEXT.questions),
    heading: CONTENT_TEXT.questions,
    reload: load.reload,
  };
}

/** A thread as a topic lists it. */
export interface ThreadSummaryView {
  id: number;
  title: string;
  href: string;
  author: string;
  date: string;
  dateText: string;
  answerCountText: string;
}

/** What {@link useQuestionTopic} returns. */
export interface QuestionTopicApi extends ContentHead {
  status: ContentStatus;
  topic: QuestionTopicView | null;
  threads: ThreadSummaryView[];
  pageInfo: ListPageInfo | null;
  page: number;
  /** 'No questions in this topic yet.' for an empty topic, a failure text, or null. */
  message: string | null;
  pageUrl(page: number): string;
  reload(): void;
}

/**
 * A question topic (/questions/Topic/{topicHandle}/{topicId}): its threads, newest first, 20 a
 * page. The id decides; a handle that does not match still shows the topic, with the canonical
 * URL naming the right handle.
 *
 * @example const topic = useQuestionTopic(1, 0);
 */
export function useQuestionTopic(topicId: number, page = 0): QuestionTopicApi {
  const { storeConfig } = useSkimmer();
  const valid = Number.isSafeInteger(topicId) && topicId > 0;
  const load = useContentLoad(`question-topic:${topicId}|${page}`, { topicId, page }, (api, p, signal) =>
    valid ? orMissing(api.questionsByTopic(p.topicId, { page: p.page, limit: THREADS_PAGE_SIZE }, { signal })) : Promise.resolve(null),
  );
  const tz = storeConfig.appTimeZone;
  const threads = useMemo(() => (load.data?.threads ?? []).map((t) => threadSummaryView(t, tz)), [load.data, tz]);
  const t = load.data?.topic ?? null;
  const topic = t && topicView(t);
  return {
    status: load.status,
    topic,
    threads,
    pageInfo: load.data?.pageInfo ?? null,
    page,
    message: load.status === 'loaded' && threads.length === 0 ? CONTENT_TEXT.noThreads : load.message,
    title: contentTitle({ title: t ? `${t.title} - ${CONTENT_TEXT.questions}` : CONTENT_TEXT.questions }, storeConfig.storeName),
    description: t?.description ?? null,
    canonical: contentPageUrl(topic?.href ?? CONTENT_PATHS.questions, page),
    crumbs: contentCrumbs([[CONTENT_TEXT.questions, CONTENT_PATHS.questions]], t?.title ?? ''),
    heading: t?.title ?? '',
    pageUrl: (n) => contentPageUrl(topic?.href ?? CONTENT_PATHS.questions, n),
    reload: load.reload,
  };
}

function threadSummaryView(t: QuestionThreadSummary, timeZone: string): ThreadSummaryView {
  return {
    id: t.id,
    title: t.title,
    href: questionThreadPath(t),
    author: t.author,
    date: t.createdAt,
    dateText: formatContentDate(t.createdAt, timeZone),
    answerCountText: countText(t.answerCount, 'answer'),
  };
}

/** A thread with its question and answers. */
export interface ThreadView {
  id: number;
  title: string;
  author: string;
  date: string;
  dateText: string;
  /** Plain text: render it as text (never as HTML). */
  body: string;
  answerCountText: string;
  answers: { id: number; author: string; isStaff: boolean; staffText: string | null; body: string; date: string; dateText: string }[];
}

/** What {@link useQuestionThread} returns. */
export interface QuestionThreadApi extends ContentHead {
  status: ContentStatus;
  thread: ThreadView | null;
  /** The thread's topic page. */
  topicHref: string | null;
  /** 'No answers yet.' for a thread without answers, a failure text, or null. */
  message: string | null;
  reload(): void;
}

/**
 * A question thread (/questions/{displayableId}/{handle}) with its answers, staff answers marked.
 * @example const thread = useQuestionThread('104237');
 */
export function useQuestionThread(displayableId: string): QuestionThreadApi {
  const { storeConfig } = useSkimmer();
  const load = useContentLoad(`question:${displayableId}`, displayableId, (api, id, signal) =>
    /^[A-Za-z0-9-]{1,32}$/.test(id) ? orMissing(api.questionByDisplayableId(id, { signal })) : Promise.resolve(null),
  );
  const t: QuestionThread | null = load.data?.thread ?? null;
  const tz = storeConfig.appTimeZone;
  const thread = useMemo<ThreadView | null>(
    () =>
      t && {
        id: t.id,
        title: t.title,
        author: t.author,
        date: t.createdAt,
        dateText: formatContentDate(t.createdAt, tz),
        body: t.body,
        answerCountText: countText(t.answers.length, 'answer'),
        answers: t.answers.map((a) => ({
          id: a.id,
          author: a.author,
          isStaff: a.isStaff,
          staffText: a.isStaff ? CONTENT_TEXT.staffAnswer : null,
          body: a.body,
          date: a.createdAt,
          dateText: formatContentDate(a.createdAt, tz),
        })),
      },
    [t, tz],
  );
  const topicHref = t ? questionTopicPath(t.topic) : null;
  return {
    status: load.status,
    thread,
    topicHref,
    message: thread && thread.answers.length === 0 ? CONTENT_TEXT.noAnswers : load.message,
    title: contentTitle({ title: t ? t.title : CONTENT_TEXT.questions }, storeConfig.storeName),
    description: t ? t.body.slice(0, 160) : null,
    canonical: t ? questionThreadPath(t) : CONTENT_PATHS.questions,
    crumbs: t
      ? contentCrumbs([[CONTENT_TEXT.questions, CONTENT_PATHS.questions], [t.topic.title, questionTopicPath(t.topic)]], t.title)
      : contentCrumbs([], CONTENT_TEXT.questions),
    heading: t?.title ?? '',
    reload: load.reload,
  };
}

// ------------------------------------------------------------------------------------ generic pages

/** Which generic page: by handle (/:handle) or by id (/:handle/{id}.htm). */
export type ContentPageRef = { handle: string } | { id: number };

/** What {@link useContentPage} returns. */
export interface ContentPageApi extends ContentHead {
  status: ContentStatus;
  page: { id: number; title: string; bodyHtml: string } | null;
  message: string | null;
  reload(): void;
}

/**
 * A generic page (/:handle) or an article or product-style page (/:handle/{id}.htm): title and
 * sanitised body; the canonical URL is the page's own path from the server. Unknown: `missing`.
 *
 * @example const page = useContentPage({ id: 355 });
 */
export function useContentPage(ref: ContentPageRef): ContentPageApi {
  const { storeConfig } = useSkimmer();
  const key = 'id' in ref ? `page:id:${ref.id}` : `page:handle:${ref.handle}`;
  const load = useContentLoad(key, ref, (api, r, signal) =>
    'id' in r ? orMissing(api.pageById(r.id, { signal })) : /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/.test(r.handle) ? orMissing(api.page(r.handle, { signal })) : Promise.resolve(null),
  );
  const p: Page | null = load.data?.page ?? null;
  return {
    status: load.status,
    page: p && { id: p.id, title: p.title, bodyHtml: p.bodyHtml },
    message: load.message,
    title: p ? contentTitle(p, storeConfig.storeName) : storeConfig.storeName,
    description: p?.seoDescription ?? null,
    canonical: p?.path ?? ('id' in ref ? '' : `/${ref.handle}`),
    crumbs: contentCrumbs([], p?.title ?? ''),
    heading: p?.title ?? '',
    reload: load.reload,
  };
}

/** What an '/:handle/{id}.htm' address is: a generic page, or the article or product it names. */
export type HtmTarget = { kind: 'page' } | { kind: 'article'; handle: string } | { kind: 'product'; handle: string };

/** What {@link useHtmTarget} returns. */
export interface HtmTargetApi {
  status: ContentStatus;
  /** The resolved target once loaded; null while loading, when missing or failed. */
  target: HtmTarget | null;
  /** Where an article or product target lives (its own route), else null. */
  to: string | null;
  message: string | null;
  reload(): void;
}

/** Articles read per page while looking one up by id. @default 100 */
const ARTICLE_SCAN_LIMIT = 100;
/** At most this many pages of articles are read (10,000 articles). @default 100 */
const ARTICLE_SCAN_PAGES = 100;

const HANDLE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;

/**
 * Resolves '/:handle/{id}.htm' (route table: "Article or product-style page"): the generic page
 * with that id; else the article or product whose handle is the first segment and whose id is
 * the id; else the article with that id; else the product with that id. Unknown: `missing`.
 *
 * Choice: an article or product is shown at its own address (the page redirects there, replacing
 * the history entry), so each has one canonical URL; the legacy '.htm' link still lands on it.
 * There is no article-by-id call, so the articles are read by id in pages of 100.
 *
 * @example
 * const htm = useHtmTarget('pump-care', 12);
 * if (htm.to) return <Navigate to={htm.to} replace />;
 */
export function useHtmTarget(handle: string, id: number): HtmTargetApi {
  const { storeConfig } = useSkimmer();
  const load = useContentLoad<HtmTarget, { handle: string; id: number }>(`htm:${handle}:${id}`, { handle, id }, async (api, r, signal) => {
    if ((await orMissing(api.pageById(r.id, { signal })))?.page) return { kind: 'page' };
    if (HANDLE.test(r.handle)) {
      const article = (await orMissing(api.articleByHandle(r.handle, { signal })))?.article;
      if (article?.id === r.id) return { kind: 'article', handle: article.handle };
      const product = (await orMissing(api.productByHandle(r.handle, { signal })))?.product;
      if (product?.id === r.id) return { kind: 'product', handle: product.handle };
    }
    for (let page = 0; page < ARTICLE_SCAN_PAGES; page += 1) {
      const { articles } = await api.articles({ page, limit: ARTICLE_SCAN_LIMIT, sortBy: 'ID', order: 'ASC' }, { signal });
      const hit = articles.find((a) => a.id === r.id);
      if (hit) return { kind: 'article', handle: hit.handle };
      if (articles.length < ARTICLE_SCAN_LIMIT || articles.some((a) => a.id > r.id)) break;
    }
    const card = (await api.productsByIds([r.id], { signal })).products?.find((p) => p.id === r.id);
    return card ? { kind: 'product', handle: card.handle } : null;
  });
  const target = load.data;
  const links = createStoreLinks(storeConfig);
  const to = target?.kind === 'article' ? links.article(target.handle) : target?.kind === 'product' ? links.product(target.handle) : null;
  return { status: load.status, target, to, message: load.message, reload: load.reload };
}
