/**
 * The content hook `useQuestionTopics` (one hook a file; `useContent.ts` re-exports it).
 * @module
 */
import { useMemo } from 'react';
import { CONTENT_PATHS, CONTENT_TEXT, contentCrumbs, contentTitle } from '../domain/content.ts';
import { useSkimmer } from './context.ts';
import { type ContentStatus, useContentLoad } from './useContentLoad.ts';
import { topicView, type ContentHead } from './content-shared.ts';

// ------------------------------------------------------------------------------------ questions

/** A question topic with its link and thread count. */
export interface QuestionTopicView {
  id: number;
  title: string;
  description: string | null;
  href: string;
  countText: string;
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
