/**
 * Carriers and their tracking links: what an operator types when a parcel or a pallet leaves
 * (carrier and tracking number), and the link the shopper's mail and order page show.
 * @module
 */

/** The carriers the back office knows; `other` is a freight line or a local courier, named by the operator. */
export type Carrier = 'ups' | 'usps' | 'fedex' | 'dhl' | 'other';

/** Every carrier, in the order the back office offers them. */
export const CARRIERS: readonly Carrier[] = ['ups', 'usps', 'fedex', 'dhl', 'other'];

/** How each known carrier is named to a shopper. */
export const CARRIER_NAMES: Readonly<Record<Exclude<Carrier, 'other'>, string>> = {
  ups: 'UPS',
  usps: 'USPS',
  fedex: 'FedEx',
  dhl: 'DHL Express',
};

/** Each known carrier's public tracking page for a number. */
const TRACKING_PAGES: Readonly<Record<Exclude<Carrier, 'other'>, (n: string) => string>> = {
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  dhl: (n) => `https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
};

/**
 * A tracking number as stored: spaces and dashes dropped, upper case.
 * @example
 * normalTrackingNumber(' 1z 999-aa1 '); // '1Z999AA1'
 */
export function normalTrackingNumber(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * What is wrong with a tracking number (normalised), or null: 6 to 40 letters and digits.
 * @example
 * trackingNumberProblem('1Z999AA10123456784'); // null
 * trackingNumberProblem('12'); // 'A tracking number is 6 to 40 letters and digits.'
 */
export function trackingNumberProblem(trackingNumber: string): string | null {
  return /^[A-Z0-9]{6,40}$/.test(trackingNumber) ? null : 'A tracking number is 6 to 40 letters and digits.';
}

/**
 * What is wrong with an operator's tracking link (another carrier's page), or null: an https
 * address without credentials.
 */
export function trackingUrlProblem(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' || u.username !== '' || u.password !== '') return 'A tracking link is an https:// address.';
    return null;
  } catch {
    return 'A tracking link is an https:// address.';
  }
}

/**
 * The link a shopper follows for a shipment: the known carrier's tracking page, else the link the
 * operator gave (null without one).
 * @example
 * trackingLink('ups', '1Z999AA10123456784'); // 'https://www.ups.com/track?tracknum=1Z999AA10123456784'
 * trackingLink('other', 'PRO123', 'https://freight.example/t/PRO123'); // 'https://freight.example/t/PRO123'
 */
export function trackingLink(carrier: Carrier, trackingNumber: string, givenUrl?: string | null): string | null {
  if (carrier === 'other') return givenUrl && trackingUrlProblem(givenUrl) === null ? givenUrl : null;
  return TRACKING_PAGES[carrier](encodeURIComponent(trackingNumber));
}

/** The carrier's name as a shopper reads it ('other' shows the operator's name for it). */
export function carrierName(carrier: Carrier, otherName?: string | null): string {
  return carrier === 'other' ? (otherName?.trim() || 'Carrier') : CARRIER_NAMES[carrier];
}

/** A shipment as the shopper's order page lists it. */
export interface ShipmentLike {
  carrierName: string;
  trackingNumber: string;
  trackingUrl: string | null;
  shippedAt: string;
  lines: readonly { title: string; quantity: number }[];
}

/** The words of the shopper's shipments block. */
export const SHIPMENT_TEXT = {
  heading: 'Shipments',
  trackingNumber: 'Tracking number',
  track: (carrier: string) => `Track with ${carrier}`,
} as const;

/** A shipment ready to show on the shopper's order page. */
export interface ShipmentView {
  id: number;
  /** 'Shipped Mar 4, 2026 by UPS'. */
  heading: string;
  trackingNumber: string;
  trackingUrl: string | null;
  /** The link's text: 'Track with UPS'. */
  trackText: string;
  /** 'Skimmer Basket × 2'. */
  items: string[];
}

/**
 * The shipments of an order as its page shows them, oldest first. `dateText` formats a date the
 * way the page formats the order's.
 * @example
 * shipmentViews([{ id: 1, carrierName: 'UPS', trackingNumber: '1Z9', trackingUrl: 'https://www.ups.com/track?tracknum=1Z9', shippedAt: '2026-03-04T10:00:00Z', lines: [{ title: 'Basket', quantity: 2 }] }], (iso) => iso.slice(0, 10));
 * // [{ id: 1, heading: 'Shipped 2026-03-04 by UPS', trackText: 'Track with UPS', items: ['Basket × 2'], ... }]
 */
export function shipmentViews(shipments: readonly (ShipmentLike & { id: number })[], dateText: (iso: string) => string): ShipmentView[] {
  return [...shipments]
    .sort((a, b) => (a.shippedAt < b.shippedAt ? -1 : a.shippedAt > b.shippedAt ? 1 : a.id - b.id))
    .map((s) => ({
      id: s.id,
      heading: `Shipped ${dateText(s.shippedAt)} by ${s.carrierName}`,
      trackingNumber: s.trackingNumber,
      trackingUrl: s.trackingUrl,
      trackText: SHIPMENT_TEXT.track(s.carrierName),
      items: s.lines.map((l) => `${l.title} × ${l.quantity}`),
    }));
}
