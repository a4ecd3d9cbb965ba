/**
 * The content hooks (articles, help, questions, pages, the old .htm addresses), one a file; this
 * module re-exports them under the path the pages and integrators import.
 * @module
 */
export * from './useContentLoad.ts';
export type { ArticleSummary, BlogBase, ContentHead, TagLink } from './content-shared.ts';
export * from './useArticleList.ts';
export * from './useArticle.ts';
export * from './useHelpTopics.ts';
export * from './useHelpAnswer.ts';
export * from './useQuestionTopics.ts';
export * from './useQuestionTopic.ts';
export * from './useQuestionThread.ts';
export * from './useContentPage.ts';
export * from './useHtmTarget.ts';
