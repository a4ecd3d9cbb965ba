/**
 * The frame every content page shares: breadcrumbs, the h1 and its intro, the loading skeleton
 * (same layout as the content, so nothing jumps when it arrives), the failure message with a
 * retry button, and the server-sanitised HTML body.
 * @module
 */
import type { ReactNode } from 'react';
import type { ContentCrumb } from '../../domain/content.ts';
import { CONTENT_TEXT } from '../../domain/content.ts';
import { Breadcrumbs } from '../shell/Breadcrumbs.tsx';
import './content.css';

/** The skeleton shapes: a prose page, a list of rows, a grid of cards or tiles, an A-Z index. */
export type SkeletonShape = 'prose' | 'rows' | 'cards' | 'index';

/** Props of {@link ContentSkeleton}. */
export interface ContentSkeletonProps {
  shape: SkeletonShape;
  /** How many rows, cards or groups. @default 6 */
  count?: number;
}

/**
 * Grey placeholders in the content's layout, hidden from assistive technology (the page is
 * marked busy and a visually hidden status says it is loading).
 * @example <ContentSkeleton shape="rows" count={10} />
 */
export function ContentSkeleton({ shape, count = 6 }: ContentSkeletonProps) {
  const items = Array.from({ length: count }, (_, i) => i);
  return (
    <div className={`ct-skeleton ct-skeleton--${shape}`} data-testid="content-skeleton">
      <p className="visually-hidden" role="status">
        Loading
      </p>
      <div aria-hidden="true">
        {shape === 'prose' && (
          <div className="ct-prose">
            {items.map((i) => (
              <div key={i} className={`sk-skel ct-skel-line${i % 3 === 2 ? ' ct-skel-line--short' : ''}`} />
            ))}
          </div>
        )}
        {shape === 'rows' &&
          items.map((i) => (
            <div key={i} className="ct-row ct-row--skeleton">
              <div className="sk-skel ct-skel-thumb" />
              <div className="ct-row__body">
                <div className="sk-skel ct-skel-line ct-skel-line--title" />
                <div className="sk-skel ct-skel-line ct-skel-line--short" />
                <div className="sk-skel ct-skel-line" />
              </div>
            </div>
          ))}
        {shape === 'cards' && (
          <div className="ct-tiles">
            {items.map((i) => (
              <div key={i} className="ct-tile ct-tile--skeleton">
                <div className="sk-skel ct-skel-tile" />
                <div className="sk-skel ct-skel-line ct-skel-line--title" />
                <div className="sk-skel ct-skel-line ct-skel-line--short" />
              </div>
            ))}
          </div>
        )}
        {shape === 'index' && (
          <div className="ct-index">
            {items.map((i) => (
              <div key={i} className="ct-index__group">
                <div className="sk-skel ct-skel-letter" />
                {[0, 1, 2, 3].map((j) => (
                  <div key={j} className="sk-skel ct-skel-line" />
                ))}
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

/** Props of {@link ContentFrame}. */
export interface ContentFrameProps {
  /** Breadcrumbs after Home; while loading, a placeholder line keeps their place. */
  crumbs: readonly ContentCrumb[] | null;
  /** The h1; null while loading (a placeholder keeps its place). */
  heading: string | null;
  /** A line under the heading. */
  intro?: ReactNode;
  /** Extra class of the page (its layout). */
  className?: string;
  /** True while the page loads: `aria-busy` on the page. */
  busy?: boolean;
  children?: ReactNode;
}

/**
 * A content page: breadcrumbs, h1, intro, then the page's own content.
 * @example <ContentFrame crumbs={help.crumbs} heading={help.heading}>...</ContentFrame>
 */
export function ContentFrame({ crumbs, heading, intro, className, busy = false, children }: ContentFrameProps) {
  return (
    <div className={`container ct-page${className ? ` ${className}` : ''}`} aria-busy={busy || undefined}>
      {crumbs ? <Breadcrumbs items={crumbs} /> : <div className="ct-crumbs-placeholder" aria-hidden="true" />}
      {heading !== null ? <h1 className="ct-heading">{heading}</h1> : <div className="sk-skel ct-skel-heading" aria-hidden="true" />}
      {intro && <div className="ct-intro">{intro}</div>}
      {children}
    </div>
  );
}

/** Props of {@link ContentMessage}. */
export interface ContentMessageProps {
  message: string;
  /** Shows a 'Try again' button that loads again. */
  onRetry?(): void;
}

/**
 * A failure (with its retry button) or an empty list, in a polite live region.
 * @example <ContentMessage message={help.message} onRetry={help.reload} />
 */
export function ContentMessage({ message, onRetry }: ContentMessageProps) {
  return (
    <div className={`ct-message${onRetry ? ' ct-message--error' : ''}`} role={onRetry ? 'alert' : 'status'}>
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="button button-secondary" onClick={onRetry}>
          {CONTENT_TEXT.retry}
        </button>
      )}
    </div>
  );
}

/**
 * HTML from the content API. The reference server sanitises every stored HTML body on the way
 * out (its content repository), so it is rendered as given.
 * @example <HtmlBody html={article.bodyHtml} />
 */
export function HtmlBody({ html, className }: { html: string; className?: string }) {
  return <div className={`ct-prose${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
