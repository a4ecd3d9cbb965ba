/**
 * Types of the loader machine (`loader.machine.ts`) and of its connect function.
 * @module
 */
import type { LogEmitted, NotifyEmitted, NotifyTone } from './account.helpers.ts';

/**
 * What is loaded: 'products' (a home grid), 'articles' (the blog carousel),
 * 'nav' (the header navigation), 'reviews' (the seller reviews), 'vendors'
 * (the footer's popular brands).
 */
export type LoaderKind = 'products' | 'articles' | 'nav' | 'reviews' | 'vendors';

/** How a kind reports a failure and an empty answer. */
export interface LoaderMessages {
  /**
   * A toast of that tone with the error's own message, or null for none.
   * Home grids: 'error' (spec: 'A toast with the error message in the error
   * style'); nav: 'danger' ('Danger notification with the exception message').
   */
  failureTone: NotifyTone | null;
  /** Text shown inline in place of the section when the call fails, or null. */
  failureText: string | null;
  /** Text shown inline when the answer is empty, or null to show nothing. */
  emptyText: string | null;
}

/** The section's state. */
export interface LoaderContext {
  kind: LoaderKind;
  /** Parameters handed to the `load` actor (query of a grid, page of the blog). */
  params: unknown;
  /** The last answer (the hook knows its shape per kind), or null. */
  data: unknown;
  /** The failure's message, or null. */
  error: string | null;
  /** The text shown inline (failed or empty), or null. */
  message: string | null;
}

/**
 * Kind and parameters; `data` (anything but undefined) starts the section
 * loaded from server-rendered data, without a call.
 */
export interface LoaderInput {
  kind: LoaderKind;
  params?: unknown;
  data?: unknown;
}

/** Load again, optionally with new parameters. */
export type LoaderEvent = { type: 'loader.reload'; params?: unknown };

/** Toasts of failed grids and nav, logs of the rest. */
export type LoaderEmitted = NotifyEmitted | LogEmitted;
