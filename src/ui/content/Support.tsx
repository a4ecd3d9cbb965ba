/**
 * Help and questions views: help topics with their answers, the side list of a topic's answers,
 * question topics, a topic's threads, and a thread with its answers (plain text, staff marked).
 * @module
 */
import { CONTENT_TEXT } from '../../domain/content.ts';
import type { HelpTopicView, QuestionTopicView, ThreadSummaryView, ThreadView } from '../../hooks/useContent.ts';
import { CatalogLink } from '../catalog/CatalogLink.tsx';

/**
 * The help index: a card per topic, an h2 and the links to its answers.
 * @example <HelpTopicList topics={help.topics} />
 */
export function HelpTopicList({ topics }: { topics: readonly HelpTopicView[] }) {
  return (
    <div className="ct-cards">
      {topics.map((t) => (
        <section key={t.id} className="ct-card" aria-labelledby={`help-topic-${t.id}`}>
          <h2 id={`help-topic-${t.id}`}>{t.title}</h2>
          <ul className="ct-links">
            {t.answers.map((a) => (
              <li key={a.id}>
                <CatalogLink to={a.href}>{a.title}</CatalogLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/**
 * The answers of the current answer's topic, the current one marked.
 * @example <HelpSideList topic={answer.topic} currentId={answer.answer.id} />
 */
export function HelpSideList({ topic, currentId }: { topic: HelpTopicView; currentId: number }) {
  return (
    <nav className="ct-side" aria-label={`More in ${topic.title}`}>
      <h2>{topic.title}</h2>
      <ul className="ct-links">
        {topic.answers.map((a) => (
          <li key={a.id}>
            {a.id === currentId ? (
              <span aria-current="page">{a.title}</span>
            ) : (
              <CatalogLink to={a.href}>{a.title}</CatalogLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The question topics: title link, description and question count.
 * @example <QuestionTopicList topics={questions.topics} />
 */
export function QuestionTopicList({ topics }: { topics: readonly QuestionTopicView[] }) {
  return (
    <ul className="ct-cards ct-cards--list">
      {topics.map((t) => (
        <li key={t.id} className="ct-card">
          <h2>
            <CatalogLink to={t.href}>{t.title}</CatalogLink>
          </h2>
          {t.description && <p>{t.description}</p>}
          <p className="ct-count">{t.countText}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * A topic's threads: title link, asker, date and answer count.
 * @example <ThreadList threads={topic.threads} />
 */
export function ThreadList({ threads }: { threads: readonly ThreadSummaryView[] }) {
  return (
    <ul className="ct-threads">
      {threads.map((t) => (
        <li key={t.id} className="ct-thread-row">
          <h2 className="ct-row__title">
            <CatalogLink to={t.href}>{t.title}</CatalogLink>
          </h2>
          <p className="ct-meta">
            <span>
              {CONTENT_TEXT.by} {t.author}
            </span>
            {t.dateText && <time dateTime={t.date}>{t.dateText}</time>}
            <span>{t.answerCountText}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * A thread: the question, then its answers (an h2), staff answers marked. Bodies are plain text,
 * rendered as text.
 * @example <ThreadBody thread={thread.thread} emptyText={thread.message} />
 */
export function ThreadBody({ thread, emptyText }: { thread: ThreadView; emptyText: string | null }) {
  return (
    <article className="ct-thread">
      <div className="ct-question">
        <p className="ct-meta">
          <span>
            {CONTENT_TEXT.by} {thread.author}
          </span>
          {thread.dateText && <time dateTime={thread.date}>{thread.dateText}</time>}
        </p>
        <p className="ct-question__body">{thread.body}</p>
      </div>
      <section aria-labelledby="ct-answers">
        <h2 id="ct-answers">
          {CONTENT_TEXT.answers} <span className="ct-count">({thread.answerCountText})</span>
        </h2>
        {thread.answers.length === 0 && emptyText ? (
          <p role="status">{emptyText}</p>
        ) : (
          <ol className="ct-answers">
            {thread.answers.map((a) => (
              <li key={a.id} className={`ct-answer${a.isStaff ? ' ct-answer--staff' : ''}`}>
                <p className="ct-meta">
                  <span className="ct-answer__author">{a.author}</span>
                  {a.staffText && <span className="ct-badge">{a.staffText}</span>}
                  {a.dateText && <time dateTime={a.date}>{a.dateText}</time>}
                </p>
                <p>{a.body}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}
