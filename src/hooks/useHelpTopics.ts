/**
 * The content hook `useHelpTopics` (one hook a file; `useContent.ts` re-exports it).
 * @module
 */
import { useMemo } from 'react';
import { CONTENT_PATHS, CONTENT_TEXT, contentCrumbs, contentTitle } from '../domain/content.ts';
import { useSkimmer } from './context.ts';
import { type ContentStatus, useContentLoad } from './useContentLoad.ts';
import { helpTopicView, type ContentHead } from './content-shared.ts';

// ------------------------------------------------------------------------------------ help

/** A help topic with its answer links. */
export interface HelpTopicView {
  id: number;
  title: string;
  answers: { id: number; title: string; href: string }[];
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
