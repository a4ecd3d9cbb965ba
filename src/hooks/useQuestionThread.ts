/**
 * The content hook `useQuestionThread` (one hook a file; `useContent.ts` re-exports it).
 * @module
 */
import { useMemo } from 'react';
import { orMissing } from '../api/content.ts';
import type { QuestionThread } from '../api/types.ts';
import { CONTENT_PATHS, CONTENT_TEXT, contentCrumbs, contentTitle, questionThreadPath, questionTopicPath } from '../domain/content.ts';
import { useSkimmer } from './context.ts';
import { type ContentStatus, useContentLoad } from './useContentLoad.ts';
import { threadView, type ContentHead } from './content-shared.ts';

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
  const thread = useMemo(() => t && threadView(t, tz), [t, tz]);
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
