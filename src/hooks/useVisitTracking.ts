/**
 * Visit tracking: a realtime socket to the /customer namespace, created on
 * mount (socket.io-client loaded lazily through the environment's socket factory); a
 * `store:visit {coords, requestUrl}` on each path change; `store:leave` on cleanup. Geolocation is
 * asked only when the customer data is non-empty; a denial gives null coordinates.
 * @module
 */
import { useEffect, useMemo, useRef } from 'react';
import { isCustomerPresent } from '../domain/session.ts';
import { STORE_LEAVE_EVENT, STORE_VISIT_EVENT, VISIT_NAMESPACE, type StoreVisitPayload } from '../domain/visit-tracking.ts';
import type { Customer } from '../domain/entities.ts';
import type { Coordinates, SocketLike } from './environment.ts';
import { useEnvironment } from './context.ts';
import { useAuth } from './useAuth.ts';

export { STORE_LEAVE_EVENT, STORE_VISIT_EVENT, VISIT_NAMESPACE, type StoreVisitPayload } from '../domain/visit-tracking.ts';

/**
 * Tracks visits while mounted. The spec names `requestUrl` without saying whether it is a path or
 * a full URL; we send exactly what the caller passes as `path`, so the app decides (the storefront
 * passes pathname + search).
 *
 * Coordinates are requested once per signed-in session of the hook (when the customer becomes
 * non-empty), not once per page: a permission prompt on every click would drive shoppers away.
 * Each visit waits for the socket and the coordinates, so no visit is sent without the position
 * the shopper has granted; when the customer signs in on a page, that page's visit is sent again
 * with the coordinates. Nothing is sent after unmount except `store:leave`.
 *
 * @param customer the customer data; left out (undefined), the provider's shared login state is read
 * @example
 * useVisitTracking(location.pathname); // the customer from useAuth
 */
export function useVisitTracking(path: string, customer?: Customer | null): void {
  const env = useEnvironment();
  const auth = useAuth();
  const signedIn = isCustomerPresent(customer === undefined ? auth.customer : customer);
  const socket = useRef<Promise<SocketLike | null> | null>(null);

  useEffect(() => {
    const pending = env.createSocket(VISIT_NAMESPACE).catch(() => null);
    socket.current = pending;
    return () => {
      socket.current = null;
      void pending.then((s) => {
        if (!s) return;
        s.emit(STORE_LEAVE_EVENT);
        s.disconnect();
      });
    };
  }, [env]);

  const coords = useMemo<Promise<Coordinates | null>>(
    () => (signedIn ? env.geolocation.getCurrentPosition().catch(() => null) : Promise.resolve(null)),
    [env, signedIn],
  );

  useEffect(() => {
    const pending = socket.current;
    if (!pending) return;
    // a quick second navigation does not cancel the first visit; only unmounting does
    void Promise.all([pending, coords]).then(([s, position]) => {
      if (socket.current !== pending || !s) return;
      const payload: StoreVisitPayload = { coords: position, requestUrl: path };
      s.emit(STORE_VISIT_EVENT, payload);
    });
  }, [path, coords]);
}
