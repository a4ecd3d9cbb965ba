/**
 * Questions and answers (route table: /questions, /questions/Topic/{topicHandle}/{topicId},
 * /questions/{displayableId}/{handle}): the topics with their question counts, a topic's threads
 * (20 a page, `?page=`), and a thread with its answers, staff answers marked.
 * @module
 */
import { useParams, useSearchParams } from 'react-router-dom';
import { contentPageParam } from '../../../domain/content.ts';
import { useQuestionThread, useQuestionTopic, useQuestionTopics } from '../../../hooks/useContent.ts';
import { Pagination } from '../../../ui/catalog/Pagination.tsx';
import { ContentMessage } from '../../../ui/content/ContentFrame.tsx';
import { QuestionTopicList, ThreadBody, ThreadList } from '../../../ui/content/Support.tsx';
import '../../../ui/catalog/catalog.css';
import { ShopperPage } from '../page-kit.tsx';
import { ContentState, useListPage } from './content-kit.tsx';

function TopicsIndex() {
  const questions = useQuestionTopics();
  return (
    <ContentState content={questions} skeleton="cards" skeletonCount={6} staticHeading intro={<p>{questions.intro}</p>}>
      {() => <QuestionTopicList topics={questions.topics} />}
    </ContentState>
  );
}

function TopicView({ topicId, page }: { topicId: number; page: number }) {
  const topic = useQuestionTopic(topicId, page);
  const onPage = useListPage(topic.pageUrl);
  const info = topic.pageInfo;
  return (
    <ContentState content={topic} skeleton="rows" skeletonCount={6} intro={topic.topic?.description && <p>{topic.topic.description}</p>}>
      {() => (
        <section aria-label="Questions">
          {topic.threads.length === 0 && topic.message ? <ContentMessage message={topic.message} /> : <ThreadList threads={topic.threads} />}
          {info && info.totalPages > 1 && (
            <Pagination page={topic.page} pages={info.totalPages} limit={info.limitPerPage} total={info.totalObjects} resource="questions" onPage={onPage} />
          )}
        </section>
      )}
    </ContentState>
  );
}

function ThreadView({ displayableId }: { displayableId: string }) {
  const thread = useQuestionThread(displayableId);
  return (
    <ContentState content={thread} skeleton="prose" skeletonCount={8}>
      {() => thread.thread && <ThreadBody thread={thread.thread} emptyText={thread.message} />}
    </ContentState>
  );
}

/**
 * The questions routes: a thread, a topic, or the topics.
 * @example <Route path="/questions/:displayableId/:handle" element={<QuestionsPage />} />
 */
export default function QuestionsPage() {
  const { topicId, displayableId } = useParams();
  const [search] = useSearchParams();
  const page = contentPageParam(search.get('page'));
  let view;
  if (topicId !== undefined) view = <TopicView key={topicId} topicId={/^[0-9]{1,10}$/.test(topicId) ? Number(topicId) : 0} page={page} />;
  else if (displayableId !== undefined) view = <ThreadView key={displayableId} displayableId={displayableId} />;
  else view = <TopicsIndex />;
  return <ShopperPage>{view}</ShopperPage>;
}
