/**
 * The error fallback ('Oops.' / 'Something went wrong.'), and the chunk-load
 * failure handling: a route chunk that failed to load ('Loading chunk {id} failed', usually a
 * deploy since the page loaded) offers a reload, the one thing that cures it.
 * @module
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CHROME_TEXT } from '../domain/chrome.ts';
import { CSS_CHUNK_LOAD_FAILED, SHELL_MESSAGES, chunkLoadFailedMessage, isChunkLoadError } from '../domain/shell.ts';

/** Props of {@link ErrorBoundary}. */
export interface ErrorBoundaryProps {
  children?: ReactNode;
  /** A value that, when it changes, clears the error (the path: navigating away recovers). */
  resetKey?: unknown;
  /** Reloads the page. @default location.reload */
  reload?: () => void;
  /** Where the error is reported. @default console.error */
  onError?: (error: unknown, info: ErrorInfo) => void;
  /**
   * A part of the page (the footer, the exit popup) rather than the page: its failure shows as a
   * one-line alert in its place ('Loading chunk {id} failed' with a reload button, or 'Something
   * went wrong.'), without the page's 'Oops.' heading, and the rest of the page goes on.
   * @default false
   */
  inline?: boolean;
  /** Extra class of the inline alert (its place in the layout). */
  className?: string;
}

interface State {
  error: unknown;
  resetKey: unknown;
}

/**
 * Vite names a failed dynamic import 'Failed to fetch dynamically imported module: {url}' (or
 * 'error loading dynamically imported module' in Firefox, 'Importing a module script failed' in
 * Safari), and a page stylesheet that failed 'Unable to preload CSS for {url}'. Those are
 * chunk-load failures too: they are mapped to the domain's messages ('Loading chunk {id} failed',
 * 'Loading CSS chunk {id} failed' with the code CSS_CHUNK_LOAD_FAILED) with the file name as the
 * id, so one rule (isChunkLoadError) decides.
 */
export function asChunkError(error: unknown): unknown {
  if (isChunkLoadError(error)) return error;
  const message = error instanceof Error ? error.message : '';
  // Vite's preload helper: 'Unable to preload CSS for /assets/x.css' (a page's stylesheet chunk)
  const css = /Unable to preload CSS for (\S+)/.exec(message);
  if (css) {
    const id = (css[1] ?? '').split('/').pop() || 'unknown';
    return Object.assign(new Error(`Loading CSS chunk ${id} failed`), { name: 'ChunkLoadError', code: CSS_CHUNK_LOAD_FAILED });
  }
  const match = /(?:dynamically imported module|Importing a module script failed)[:\s]*(\S*)/i.exec(message);
  if (!match) return error;
  const id = (match[1] ?? '').split('/').pop()?.replace(/\?.*$/, '') || 'unknown';
  const chunk = new Error(chunkLoadFailedMessage(id));
  chunk.name = 'ChunkLoadError';
  return chunk;
}

/**
 * Catches render errors below it. A chunk-load failure shows its message and a reload button;
 * any other error shows 'Oops.' / 'Something went wrong.'. Changing `resetKey` clears the error.
 *
 * @example <ErrorBoundary resetKey={pathname}><Routes /></ErrorBoundary>
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, resetKey: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: asChunkError(error) ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, error: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    (this.props.onError ?? ((e: unknown) => console.error(e)))(error, info);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (this.props.inline) {
      const chunk = isChunkLoadError(error);
      const reload = this.props.reload ?? (() => window.location.reload());
      return (
        <div className={`chunk-error ${this.props.className ?? ''}`} role="alert">
          <p>{chunk ? (error as Error).message : SHELL_MESSAGES.somethingWentWrong}</p>
          {chunk && <button type="button" className="button button-secondary" onClick={reload}>{CHROME_TEXT.reload}</button>}
        </div>
      );
    }
    if (isChunkLoadError(error)) {
      const reload = this.props.reload ?? (() => window.location.reload());
      return (
        <section className="container error-fallback" role="alert">
          <h1>{SHELL_MESSAGES.oops}</h1>
          <p>{(error as Error).message}</p>
          <button type="button" className="button" onClick={reload}>{CHROME_TEXT.reload}</button>
        </section>
      );
    }
    return (
      <section className="container error-fallback" role="alert">
        <h1>{SHELL_MESSAGES.oops}</h1>
        <p>{SHELL_MESSAGES.somethingWentWrong}</p>
      </section>
    );
  }
}
