/**
 * The content hook `useHelpAnswer` (one hook a file; `useContent.ts` re-exports it).
 * @module
 */
import { useMemo } from 'react';
import { orMissing } from '../api/content.ts';
import { CONTENT_PATHS, CONTENT_TEXT, contentCrumbs, contentTitle, helpAnswerPath } from '../domain/content.ts';
import { useSkimmer } from './context.ts';
import { type ContentStatus, useContentLoad } from './useContentLoad.ts';
import { type ContentHead } from './content-shared.ts';
import type { HelpTopicView } from './useHelpTopics.ts';
import { helpTopicView } from './content-shared.ts';

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
