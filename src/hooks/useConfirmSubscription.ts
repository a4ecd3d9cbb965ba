/**
 * The newsletter confirmation page's hook: the emailed link's token, posted once.
 * @module
 */
import type { ContentClient } from '../api/content.ts';
import { isApiError } from '../api/errors.ts';
import { CONTENT_TEXT } from '../domain/content.ts';
import { failureMessage } from '../domain/session.ts';
import { useContentClient } from './useContentClient.ts';
import { useContentLoad } from './useContentLoad.ts';

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
