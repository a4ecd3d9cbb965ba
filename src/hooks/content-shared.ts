/**
 * What the content hooks share: the store's links, the head of a content page, tag links and article summaries.
 * @module
 */
import { useMemo } from 'react';
import type { HelpTopic, QuestionTopic } from '../api/types.ts';
import { countText, helpAnswerPath, questionTopicPath, type ContentCrumb } from '../domain/content.ts';
import type { HelpTopicView } from './useHelpTopics.ts';
import type { QuestionTopicView } from './useQuestionTopics.ts';
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
