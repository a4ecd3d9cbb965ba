/**
 * Read access to the store's content (DESIGN rule 9: one repository per aggregate). Portable SQL
 * only; stored HTML is sanitised here, on the way out, so no caller can forget it.
 * @module
 */
import type { Page } from '../../../api/types.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Article, Country, NavLink, SiteReview, State, ThemeConfig } from '../../../domain/entities.ts';
import { defaultStoreConfig, defaultThemeConfig } from './config.ts';
import type { ServedStoreConfig } from './config.ts';
import { countWords, htmlToText } from '../../../domain/read-time.ts';
import { sanitizeContentHtml } from './html.ts';
import { SETTING_KEYS } from './seed.ts';

/** Paging of a content list, in the catalogue's pageInfo vocabulary. */
export interface ContentPageInfo {
  limitPerPage: number;
  totalObjects: number;
  totalPages: number;
  /** Same as totalPages; the spec names both. */
  pages: number;
  /** Items on this page. */
  count: number;
}

/** Article orderings the blog accepts. The spec's request uses CREATED, DESC. */
export type ArticleSortBy = 'CREATED' | 'TITLE' | 'ID';

/** Sort direction. */
export type SortOrder = 'ASC' | 'DESC';

/** A brand (vendor) with its description and logo. */
export interface Brand {
  id: number;
  name: string;
  handle: string;
  description: string | null;
  logoUrl: string | null;
}

/** A help topic with the titles of its answers. */
export interface HelpTopic {
  id: number;
  handle: string;
  title: string;
  answers: { id: number; handle: string; title: string }[];
}

/** One help answer with its topic. */
export interface HelpAnswer {
  id: number;
  handle: string;
  title: string;
  bodyHtml: string;
  topic: { id: number; handle: string; title: string };
}

/** A question-and-answer topic. */
export interface QuestionTopic {
  id: number;
  handle: string;
  title: string;
  description: string | null;
  threadCount: number;
}

/** A thread as topic lists show it. */
export interface QuestionThreadSummary {
  id: number;
  displayableId: string;
  handle: string;
  title: string;
  author: string;
  createdAt: string;
  answerCount: number;
}

/** An answer in a thread. Bodies are plain text; the storefront escapes them. */
export interface QuestionAnswer {
  id: number;
  author: string;
  isStaff: boolean;
  body: string;
  createdAt: string;
}

/** A full thread. */
export interface QuestionThread extends QuestionThreadSummary {
  body: string;
  topic: { id: number; handle: string; title: string };
  answers: QuestionAnswer[];
}

/** A generic page: the storefront client's `Page` DTO (`path` is where the storefront shows it). */
export type ContentPage = Page;

/** Options of the navigation read. */
export interface NavOptions {
  /** Levels to return; 1 gives top links with empty children. */
  depth: number;
  /** Prefix for links to collections; @default the store's collectionPath. */
  collectionUrlPrefix?: string;
  /** When given, links carry their menu image; otherwise imageUrl is null (smaller payload). */
  imagePlacement?: string;
}

/** The content read model. */
export interface ContentRepository {
  navigation(options: NavOptions): Promise<NavLink[]>;
  siteReviews(page: number, limit: number): Promise<{ siteReviews: SiteReview[]; total: number; pageInfo: ContentPageInfo }>;
  articles(query: { page: number; limit: number; sortBy: ArticleSortBy; order: SortOrder; tag?: string }): Promise<{ articles: Article[]; pageInfo: ContentPageInfo }>;
  articleByHandle(handle: string): Promise<Article | null>;
  brands(): Promise<Brand[]>;
  brandByName(nameOrHandle: string): Promise<Brand | null>;
  helpTopics(): Promise<HelpTopic[]>;
  helpAnswer(handle: string): Promise<HelpAnswer | null>;
  questionTopics(): Promise<QuestionTopic[]>;
  questionTopic(id: number, page: number, limit: number): Promise<{ topic: QuestionTopic; threads: QuestionThreadSummary[]; pageInfo: ContentPageInfo } | null>;
  questionThread(displayableId: string): Promise<QuestionThread | null>;
  pageByHandle(handle: string): Promise<ContentPage | null>;
  pageById(id: number): Promise<ContentPage | null>;
  countries(): Promise<Country[]>;
  /** Null when the country is unknown; an empty list when it has no subdivisions. */
  states(countryCode: string, page: number, limit: number): Promise<State[] | null>;
  config(): Promise<{ storeConfig: ServedStoreConfig; themeConfig: ThemeConfig }>;
}

/**
 * Builds the paging block. Zero-based pages; an empty list still has one page so "page 0 of 1"
 * reads naturally.
 * @example
 * pageInfo(45, 10, 10); // { limitPerPage: 10, totalObjects: 45, totalPages: 5, pages: 5, count: 10 }
 */
export function pageInfo(total: number, limit: number, count: number): ContentPageInfo {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { limitPerPage: limit, totalObjects: total, totalPages, pages: totalPages, count };
}

const ARTICLE_ORDER: Record<ArticleSortBy, string> = {
  CREATED: 'a.created_at',
  TITLE: 'a.title',
  ID: 'a.id',
};

const ARTICLE_COLUMNS =
  'a.id, a.handle, a.title, a.author, a.created_at AS "createdAt", a.image_url AS "imageUrl", a.seo_description AS "seoDescription"';

function placeholders(n: number): string {
  return Array.from({ length: n }, () => '?').join(', ');
}

/** A store setting's stored JSON text, or undefined when it was never written. */
export async function storedSetting(db: Db, key: string): Promise<string | undefined> {
  return (await db.get<{ value: string }>('SELECT value_json AS value FROM store_settings WHERE setting_key = ?', [key]))?.value;
}

async function readSetting<T>(db: Db, key: string, fallback: T): Promise<T> {
  const value = await storedSetting(db, key);
  if (value === undefined) return fallback;
  try {
    // Stored values are merged over the defaults so a setting written by an older seed still
    // answers every field the schema promises.
    return { ...fallback, ...(JSON.parse(value) as object) } as T;
  } catch {
    return fallback;
  }
}

/**
 * Creates the content repository over a database that has migration 002 applied.
 *
 * @example
 * const content = createContentRepository(db);
 * content.articles({ page: 0, limit: 10, sortBy: 'CREATED', order: 'DESC' }).articles[0]?.title;
 */
export function createContentRepository(db: Db): ContentRepository {
  const tagsOf = async (ids: number[]): Promise<Map<number, string[]>> => {
    const out = new Map<number, string[]>();
    if (ids.length === 0) return out;
    const rows = await db.all<{ articleId: number; tag: string }>(
      `SELECT article_id AS "articleId", tag FROM article_tags WHERE article_id IN (${placeholders(ids.length)}) ORDER BY article_id, position`,
      ids,
    );
    for (const r of rows) {
      const list = out.get(r.articleId) ?? [];
      list.push(r.tag);
      out.set(r.articleId, list);
    }
    return out;
  };

  const topicSummary = async (where: string, params: unknown[]): Promise<QuestionTopic[]> =>
    await db.all<QuestionTopic>(
      `SELECT t.id, t.handle, t.title, t.description,
              (SELECT COUNT(*) FROM question_threads q WHERE q.topic_id = t.id) AS "threadCount"
         FROM question_topics t ${where} ORDER BY t.position, t.id`,
      params,
    );

  const mapPage = (row: ContentPage | undefined): ContentPage | null =>
    row ? { ...row, bodyHtml: sanitizeContentHtml(row.bodyHtml) } : null;

  const PAGE_COLUMNS =
    'id, handle, title, body_html AS "bodyHtml", seo_title AS "seoTitle", seo_description AS "seoDescription", path';

  const repo: ContentRepository = {
    async navigation({ depth, collectionUrlPrefix, imagePlacement }) {
      const rows = await db.all<{
        id: number; parentId: number | null; title: string; url: string;
        collectionHandle: string | null; maxChildItemsToDisplay: number | null; imageUrl: string | null;
      }>(
        `SELECT id, parent_id AS "parentId", title, url, collection_handle AS "collectionHandle",
                max_child_items_to_display AS "maxChildItemsToDisplay", image_url AS "imageUrl"
           FROM nav_links ORDER BY position, id`,
      );
      const prefix = (collectionUrlPrefix ?? (await repo.config()).storeConfig.collectionPath).replace(/\/+$/, '');
      const children = new Map<number | null, typeof rows>();
      for (const r of rows) {
        const list = children.get(r.parentId) ?? [];
        list.push(r);
        children.set(r.parentId, list);
      }
      const build = (parentId: number | null, level: number): NavLink[] =>
        (children.get(parentId) ?? []).map((r) => ({
          id: r.id,
          title: r.title,
          url: r.collectionHandle ? `${prefix}/${r.collectionHandle}` : r.url,
          children: level < depth ? build(r.id, level + 1) : [],
          maxChildItemsToDisplay: r.maxChildItemsToDisplay,
          imageUrl: imagePlacement ? r.imageUrl : null,
        }));
      return build(null, 1);
    },

    async siteReviews(page, limit) {
      const total = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM site_reviews'))?.n ?? 0;
      const siteReviews = await db.all<SiteReview>(
        'SELECT url, message, name, stars FROM site_reviews ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
        [limit, page * limit],
      );
      return { siteReviews, total, pageInfo: pageInfo(total, limit, siteReviews.length) };
    },

    async articles({ page, limit, sortBy, order, tag }) {
      const where = tag === undefined ? '' : 'WHERE a.id IN (SELECT article_id FROM article_tags WHERE tag_key = ?)';
      const params: unknown[] = tag === undefined ? [] : [tag.toLowerCase()];
      const total = (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM articles a ${where}`, params))?.n ?? 0;
      const direction = order === 'ASC' ? 'ASC' : 'DESC';
      const rows = await db.all<Article & { bodyHtml: string }>(
        `SELECT ${ARTICLE_COLUMNS}, a.body_html AS "bodyHtml" FROM articles a ${where} ORDER BY ${ARTICLE_ORDER[sortBy]} ${direction}, a.id ${direction} LIMIT ? OFFSET ?`,
        [...params, limit, page * limit],
      );
      const tags = await tagsOf(rows.map((r) => r.id));
      // lists leave the body out but say how long it is, for the read-time estimate
      const articles = rows.map(({ bodyHtml, ...r }) => ({ ...r, wordCount: countWords(htmlToText(bodyHtml)), tags: tags.get(r.id) ?? [] }));
      return { articles, pageInfo: pageInfo(total, limit, articles.length) };
    },

    async articleByHandle(handle) {
      const row = await db.get<Article & { bodyHtml: string }>(
        `SELECT ${ARTICLE_COLUMNS}, a.body_html AS "bodyHtml" FROM articles a WHERE a.handle = ?`,
        [handle.toLowerCase()],
      );
      if (!row) return null;
      return { ...row, bodyHtml: sanitizeContentHtml(row.bodyHtml), tags: (await tagsOf([row.id])).get(row.id) ?? [] };
    },

    async brands() {
      return await db.all<Brand>('SELECT id, name, handle, description, logo_url AS "logoUrl" FROM brands ORDER BY name_key, id');
    },

    async brandByName(nameOrHandle) {
      const key = nameOrHandle.toLowerCase();
      return (
        await db.get<Brand>(
          'SELECT id, name, handle, description, logo_url AS "logoUrl" FROM brands WHERE name_key = ? OR handle = ? ORDER BY id LIMIT 1',
          [key, key],
        ) ?? null
      );
    },

    async helpTopics() {
      const topics = await db.all<{ id: number; handle: string; title: string }>('SELECT id, handle, title FROM help_topics ORDER BY position, id');
      const answers = await db.all<{ id: number; topicId: number; handle: string; title: string }>(
        'SELECT id, topic_id AS "topicId", handle, title FROM help_answers ORDER BY position, id',
      );
      return topics.map((t) => ({
        ...t,
        answers: answers.filter((a) => a.topicId === t.id).map(({ id, handle, title }) => ({ id, handle, title })),
      }));
    },

    async helpAnswer(handle) {
      const row = await db.get<{ id: number; handle: string; title: string; bodyHtml: string; topicId: number; topicHandle: string; topicTitle: string }>(
        `SELECT a.id, a.handle, a.title, a.body_html AS "bodyHtml", t.id AS "topicId", t.handle AS "topicHandle", t.title AS "topicTitle"
           FROM help_answers a JOIN help_topics t ON t.id = a.topic_id WHERE a.handle = ?`,
        [handle.toLowerCase()],
      );
      if (!row) return null;
      return {
        id: row.id, handle: row.handle, title: row.title, bodyHtml: sanitizeContentHtml(row.bodyHtml),
        topic: { id: row.topicId, handle: row.topicHandle, title: row.topicTitle },
      };
    },

    async questionTopics() {
      return await topicSummary('', []);
    },

    async questionTopic(id, page, limit) {
      const topic = (await topicSummary('WHERE t.id = ?', [id]))[0];
      if (!topic) return null;
      const threads = await db.all<QuestionThreadSummary>(
        `SELECT q.id, q.displayable_id AS "displayableId", q.handle, q.title, q.author, q.created_at AS "createdAt",
                (SELECT COUNT(*) FROM question_answers a WHERE a.thread_id = q.id) AS "answerCount"
           FROM question_threads q WHERE q.topic_id = ? ORDER BY q.created_at DESC, q.id DESC LIMIT ? OFFSET ?`,
        [id, limit, page * limit],
      );
      return { topic, threads, pageInfo: pageInfo(topic.threadCount, limit, threads.length) };
    },

    async questionThread(displayableId) {
      const row = await db.get<Omit<QuestionThread, 'topic' | 'answers'> & { topicId: number; topicHandle: string; topicTitle: string }>(
        `SELECT q.id, q.displayable_id AS "displayableId", q.handle, q.title, q.body, q.author, q.created_at AS "createdAt",
                (SELECT COUNT(*) FROM question_answers a WHERE a.thread_id = q.id) AS "answerCount",
                t.id AS "topicId", t.handle AS "topicHandle", t.title AS "topicTitle"
           FROM question_threads q JOIN question_topics t ON t.id = q.topic_id WHERE q.displayable_id = ?`,
        [displayableId],
      );
      if (!row) return null;
      const answers = (await db
        .all<{ id: number; author: string; isStaff: number; body: string; createdAt: string }>(
          'SELECT id, author, is_staff AS "isStaff", body, created_at AS "createdAt" FROM question_answers WHERE thread_id = ? ORDER BY position, id',
          [row.id],
        ))
        .map((a) => ({ ...a, isStaff: a.isStaff === 1 }));
      const { topicId, topicHandle, topicTitle, ...thread } = row;
      return { ...thread, topic: { id: topicId, handle: topicHandle, title: topicTitle }, answers };
    },

    async pageByHandle(handle) {
      return mapPage(await db.get<ContentPage>(`SELECT ${PAGE_COLUMNS} FROM pages WHERE handle = ?`, [handle.toLowerCase()]));
    },

    async pageById(id) {
      return mapPage(await db.get<ContentPage>(`SELECT ${PAGE_COLUMNS} FROM pages WHERE id = ?`, [id]));
    },

    async countries() {
      return await db.all<Country>('SELECT country_code AS "countryCode", title FROM countries ORDER BY position, country_code');
    },

    async states(countryCode, page, limit) {
      const code = countryCode.toUpperCase();
      if (!await db.get<{ c: string }>('SELECT country_code AS c FROM countries WHERE country_code = ?', [code])) return null;
      return await db.all<State>(
        'SELECT state_code AS "stateCode", title FROM states WHERE country_code = ? ORDER BY title, state_code LIMIT ? OFFSET ?',
        [code, limit, page * limit],
      );
    },

    async config() {
      return {
        storeConfig: await readSetting(db, SETTING_KEYS.store, defaultStoreConfig()),
        themeConfig: await readSetting(db, SETTING_KEYS.theme, defaultThemeConfig()),
      };
    },
  };
  return repo;
}
