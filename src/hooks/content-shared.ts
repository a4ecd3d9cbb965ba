/**
 * What the content hooks share: the store's links, the head of a content page, tag links and article summaries.
 * @module
 */
import { useMemo } from 'react';
import type { HelpTopic, QuestionThread, QuestionThreadSummary, QuestionTopic } from '../api/types.ts';
import { CONTENT_TEXT, countText, formatContentDate, helpAnswerPath, questionThreadPath, questionTopicPath, wordsReadTimeText, type ContentCrumb } from '../domain/content.ts';
import type { Article } from '../domain/entities.ts';
import type { HelpTopicView } from './useHelpTopics.ts';
import type { QuestionTopicView } from './useQuestionTopics.ts';
import type { ThreadView } from './useQuestionThread.ts';
import type { ThreadSummaryView } from './useQuestionTopic.ts';
import { createStoreLinks, type StoreLinks } from '../domain/urls.ts';
import { useSkimmer } from './context.ts';
import type { ContentStatus } from './useContentLoad.ts';

/** The link builders of the store configuration. */
export function useLinks(): StoreLinks {
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

/** What the index-like list pages share (brands, collections, vendors, the indexes). */
export interface ContentListApi extends ContentHead {
  status: ContentStatus;
  message: string | null;
  reload(): void;
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

/** The tags of an article, each with its link. */
export function tagLinks(tags: readonly string[] | undefined, links: StoreLinks): TagLink[] {
  return (tags ?? []).map((label) => ({ label, href: links.articleTag(label) }));
}

/** A help topic as the help pages list it. */
export function helpTopicView(topic: HelpTopic): HelpTopicView {
  return { id: topic.id, title: topic.title, answers: topic.answers.map((a) => ({ id: a.id, title: a.title, href: helpAnswerPath(a.handle) })) };
}

/** A question topic as the questions pages list it. */
export function topicView(t: QuestionTopic): QuestionTopicView {
  return { id: t.id, title: t.title, description: t.description, href: questionTopicPath(t), countText: countText(t.threadCount, 'question') };
}

/**
 * An article of a blog list, with its link under `base`, its date in the store's time zone and
 * its tags' links.
 * @example articleSummary(article, 'blog', links, 'America/Los_Angeles').href; // '/blogs/news/opening-your-pool'
 */
export function articleSummary(a: Article, base: BlogBase, links: StoreLinks, timeZone: string): ArticleSummary {
  return {
    id: a.id,
    title: a.title,
    href: base === 'blog' ? links.blogPost(a.handle) : links.article(a.handle),
    imageUrl: a.imageUrl,
    author: a.author,
    date: a.createdAt,
    dateText: formatContentDate(a.createdAt, timeZone),
    excerpt: a.seoDescription,
    readTimeText: a.wordCount === undefined ? null : wordsReadTimeText(a.wordCount),
    tags: tagLinks(a.tags, links),
  };
}

/**
 * A thread as a topic lists it, with its link and its date in the store's time zone.
 * @example threadSummaryView(summary, 'America/Los_Angeles').answerCountText; // '2 answers'
 */
export function threadSummaryView(t: QuestionThreadSummary, timeZone: string): ThreadSummaryView {
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

/**
 * A thread with its question and answers (staff answers marked), dates in the store's time zone.
 * @example threadView(thread, 'America/Los_Angeles').answers[0]?.staffText; // 'Staff answer' or null
 */
export function threadView(t: QuestionThread, timeZone: string): ThreadView {
  return {
    id: t.id,
    title: t.title,
    author: t.author,
    date: t.createdAt,
    dateText: formatContentDate(t.createdAt, timeZone),
    body: t.body,
    answerCountText: countText(t.answers.length, 'answer'),
    answers: t.answers.map((a) => ({
      id: a.id,
      author: a.author,
      isStaff: a.isStaff,
      staffText: a.isStaff ? CONTENT_TEXT.staffAnswer : null,
      body: a.body,
      date: a.createdAt,
      dateText: formatContentDate(a.createdAt, timeZone),
    })),
  };
}
