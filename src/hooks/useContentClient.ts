/**
 * The content client (`createContentClient`: the newsletter confirmation call) for the hooks that
 * need it.
 * @module
 */
import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import { createContentClient, type ContentClient } from '../api/content.ts';

export { useConfirmSubscription, type ConfirmSubscriptionApi, type SubscriptionConfirmStatus } from './useConfirmSubscription.ts';

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
