/**
 * The content client (`createContentClient`: the newsletter confirmation call) for the hooks that
 * need it, and the newsletter confirmation page's hook.
 * @module
 */
import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import { createContentClient, type ContentClient } from '../api/content.ts';
import { isApiError } from '../api/errors.ts';
import { CONTENT_TEXT } from '../domain/content.ts';
import { failureMessage } from '../domain/session.ts';
import { useContentLoad } from './useContent.ts';

const ContentClientContext = createContext<ContentClient | null>(null);

let sameOrigin: ContentClient | null = null;

/**
 * Supplies the content client (another base URL, a test fake).
 * @example <ContentClientProvider client={createContentClient({ baseUrl: 'https://shop.example' })}>...</ContentClientProvider>
 */
export function ContentClientProvider({ client, children }: { client: ContentClient; children?: ReactNode }) {
  return createElement(ContentClientContext.Provider, { value: client }, children);
}

/**
 * The content client of the nearest {@link ContentClientProvider}, else one for the page's
 * origin (created on first use, never at import).
 * @example const content = useContentClient();
 */
export function useContentClient(): ContentClient {
  const provided = useContext(ContentClientContext);
  return useMemo(() => provided ?? (sameOrigin ??= createContentClient({ baseUrl: '' })), [provided]);
}

/** The confirmation page's state. */
export type SubscriptionConfirmStatus = 'confirming' | 'confirmed' | 'failed' | 'no-token';

/** What {@link useConfirmSubscription} returns. */
export interface ConfirmSubscriptionApi {
  status: SubscriptionConfirmStatus;
  /** What the page says: confirming, confirmed, the server's refusal, or the missing-token text. */
  message: string;
  /** Danger for a refusal or a missing token, success once confirmed, null while confirming. */
  tone: 'success' | 'danger' | null;
}

/**
 * An emailed token is good once, so each token is sent once per page life and every caller
 * (React's development double mount included) shares its answer.
 */
const sent = new WeakMap<ContentClient, Map<string, Promise<{ ok: boolean; message: string }>>>();

function confirmOnce(client: ContentClient, token: string): Promise<{ ok: boolean; message: string }> {
  let byToken = sent.get(client);
  if (!byToken) sent.set(client, (byToken = new Map()));
  const known = byToken.get(token);
  if (known) return known;
  const answer = client.confirmSubscription(token).then(
    (r) => (r.success ? { ok: true, message: CONTENT_TEXT.confirmed } : { ok: false, message: CONTENT_TEXT.loadFailed }),
    // the server's words ('This link is invalid or has expired.') over the generic message
    (error: unknown) => ({ ok: false, message: (isApiError(error) && error.serverMessage) || failureMessage(error) }),
  );
  byToken.set(token, answer);
  return answer;
}

/**
 * The newsletter's double opt-in: posts the emailed link's token once and reports the outcome.
 * Without a token, nothing is sent.
 *
 * @example
 * const confirm = useConfirmSubscription(search.get('token'));
 * <p role="status">{confirm.message}</p>
 */
export function useConfirmSubscription(token: string | null | undefined): ConfirmSubscriptionApi {
  const content = useContentClient();
  const value = (token ?? '').trim();
  const load = useContentLoad(value, value, async (_client, t) => (t ? confirmOnce(content, t) : null), undefined, false);
  if (!value) return { status: 'no-token', message: CONTENT_TEXT.missingToken, tone: 'danger' };
  if (load.status === 'loading') return { status: 'confirming', message: CONTENT_TEXT.confirming, tone: null };
  const outcome = load.data;
  if (outcome?.ok) return { status: 'confirmed', message: outcome.message, tone: 'success' };
  return { status: 'failed', message: outcome?.message ?? load.message ?? CONTENT_TEXT.loadFailed, tone: 'danger' };
}
