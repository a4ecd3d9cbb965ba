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

/** Longest requestUrl recorded. @default 2048 */
export const MAX_REQUEST_URL_LENGTH = 2048;

/** A validated `store:visit` payload. */
export interface VisitPayload {
  coords: { latitude: number; longitude: number } | null;
  requestUrl: string;
}

/**
 * Reads a `store:visit` payload, or null when it is not one.
 * @example
 * parseVisit({ coords: null, requestUrl: '/collections/pumps' }); // { coords: null, requestUrl: '/collections/pumps' }
 * parseVisit({ requestUrl: 42 }); // null
 */
export function parseVisit(payload: unknown): VisitPayload | null {
  if (payload === null || typeof payload !== 'object') return null;
  const { coords, requestUrl } = payload as { coords?: unknown; requestUrl?: unknown };
  if (typeof requestUrl !== 'string' || requestUrl.length === 0 || requestUrl.length > MAX_REQUEST_URL_LENGTH) return null;
  if (!requestUrl.startsWith('/') && !/^https?:\/\//i.test(requestUrl)) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what we refuse
  if (/[\u0000-\u001f\u007f]/.test(requestUrl)) return null;
  if (coords === null || coords === undefined) return { coords: null, requestUrl };
  if (typeof coords !== 'object') return null;
  const { latitude, longitude } = coords as { latitude?: unknown; longitude?: unknown };
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { coords: { latitude, longitude }, requestUrl };
}
