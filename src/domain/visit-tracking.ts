/**
 * The visit tracking's realtime protocol, one home for the storefront that sends it and the
 * server that records it: the namespace, the two events and the visit's payload.
 * @module
 */

/** The realtime namespace of visit tracking. @default '/customer' */
export const VISIT_NAMESPACE = '/customer';

/** The realtime event sent on each path change. */
export const STORE_VISIT_EVENT = 'store:visit';

/** The realtime event sent when tracking stops. */
export const STORE_LEAVE_EVENT = 'store:leave';

/** The payload of `store:visit`. */
export interface StoreVisitPayload {
  /** The shopper's position, or null (signed out, denied, unsupported). */
  coords: { latitude: number; longitude: number; accuracy?: number } | null;
  /** The path given to the hook (pass a full URL to send one). */
  requestUrl: string;
}
