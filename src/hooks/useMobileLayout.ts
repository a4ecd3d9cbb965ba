/**
 * The mobile layout switch of the app shell: mobile at 800 px or less; before the
 * width is known (server render, hydration), a mobile user agent counts as mobile.
 * @module
 */
import { useCallback, useSyncExternalStore } from 'react';
import { isMobileLayout } from '../domain/shell.ts';
import { useEnvironment } from './context.ts';

/**
 * Whether the mobile layout applies, following the viewport as it resizes. The server snapshot
 * reads the user agent only (the width is unknown there), so the first client render matches
 * the server's HTML and then switches if the width disagrees.
 *
 * @example
 * const mobile = useMobileLayout();
 * return mobile ? <MobileHeader /> : <DesktopHeader />;
 */
export function useMobileLayout(): boolean {
  const { viewport } = useEnvironment();
  const subscribe = useCallback((onChange: () => void) => viewport.subscribe(onChange), [viewport]);
  const client = useCallback(() => isMobileLayout({ width: viewport.width(), userAgent: viewport.userAgent() }), [viewport]);
  const server = useCallback(() => isMobileLayout({ width: null, userAgent: viewport.userAgent() }), [viewport]);
  return useSyncExternalStore(subscribe, client, server);
}
