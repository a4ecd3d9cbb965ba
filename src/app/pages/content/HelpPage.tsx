/**
 * Help (route table: /help.asp, /help_answer/{handle}): the topics with their answers, and one
 * answer with the other answers of its topic beside it.
 * @module
 */
import { useParams } from 'react-router-dom';
import { useHelpAnswer, useHelpTopics } from '../../../hooks/useContent.ts';
import { HtmlBody } from '../../../ui/content/ContentFrame.tsx';
import { HelpSideList, HelpTopicList } from '../../../ui/content/Support.tsx';
import { ShopperPage } from '../page-kit.tsx';
import { ContentState } from './content-kit.tsx';

function HelpIndex() {
  const help = useHelpTopics();
  return (
    <ContentState content={help} skeleton="cards" skeletonCount={6} staticHeading intro={<p>{help.intro}</p>}>
      {() => <HelpTopicList topics={help.topics} />}
    </ContentState>
  );
}

function HelpAnswerView({ handle }: { handle: string }) {
  const help = useHelpAnswer(handle);
  return (
    <ContentState content={help} skeleton="prose" skeletonCount={8}>
      {() =>
        help.answer && (
          <div className="ct-layout">
            <article>
              <HtmlBody html={help.answer.bodyHtml} />
            </article>
            {help.topic && <HelpSideList topic={help.topic} currentId={help.answer.id} />}
          </div>
        )
      }
    </ContentState>
  );
}

/**
 * The help routes: an answer when the path has a handle, else the topics.
 * @example <Route path="/help_answer/:handle" element={<HelpPage />} />
 */
export default function HelpPage() {
  const { handle } = useParams();
  return <ShopperPage>{handle ? <HelpAnswerView key={handle} handle={handle} /> : <HelpIndex />}</ShopperPage>;
}
