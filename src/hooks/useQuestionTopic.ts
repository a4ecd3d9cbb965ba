/**
 * The content hook `useQuestionTopic` (one hook a file; `useContent.ts` re-exports it).
 * @module
 */
import { useMemo } from 'react';
import { orMissing } from '../api/content.ts';
import type { ListPageInfo } from '../api/types.ts';
import { CONTENT_PATHS, CONTENT_TEXT, contentCrumbs, contentPageUrl, contentTitle, THREADS_PAGE_SIZE } from '../domain/content.ts';
import { useSkimmer } from './context.ts';
import { type ContentStatus, useContentLoad } from './useContentLoad.ts';
import type { QuestionTopicView } from './useQuestionTopics.ts';
import { threadSummaryView, topicView, type ContentHead } from './content-shared.ts';

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
