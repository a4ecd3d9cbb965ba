/**
 * One shipping quote for every surface (product page estimate, cart, checkout, order, feeds):
 * the cart's lines split into shipments (parcels, chemicals, freight), each packed, priced from
 * the zone and rate tables, and dated; the service options the shopper can pick (never one that
 * cannot ship); the sales tax; and the totals, lines − discount + shipping + tax, to the cent.
 *
 * Shipping rule (the store's published one, kept): ground for the free-ground classes costs a
 * flat $9.95 an order, and is free when the subtotal after discounts is over $99 (or a
 * free-shipping code applies); faster services and freight are priced from the tables, and the
 * hazardous-material and freight surcharges always stay.
 * @module
 */
import type { Cents } from '../money.ts';
import { dayOfIso, isoOfDay, type IsoDate } from './calendar.ts';
import { arrivalText, orderClock, shipmentDates, shipsText, type OrderClock, type ShipmentDates } from './delivery-dates.ts';
import { COUNTRY_UNSUPPORTED_MESSAGE, isCallablePhone, isContiguousUs, isPoBox, shipsToCountry, US_STATE_CODES, zip5Of } from './destination.ts';
import { shippingError, type ShippingError, type ShippingResult } from './errors.ts';
import { noticesBeforePayment, type CheckoutNotice, type ProductNotice } from './notices.ts';
import { packFreight, packHazmat, packParcels, type Package } from './packaging.ts';
import { freightRateFor, rateFor, transitFor, zoneFor } from './rates.ts';
import { salesTax, type SalesTax } from './sales-tax.ts';
import { formatLb, profileProblem, type ShipClass, type ShippingProfile } from './ship-class.ts';
import { cutoffMinutes, PARCEL_SERVICES, SERVICE_NAMES, type ParcelService, type Service, type ShippingTables } from './tables.ts';

/** Most lines a quote takes (an order beyond it is a phone call). */
export const MAX_QUOTE_LINES = 100;

/** Most units in one order, over every line (the cart's own cap on one line). */
export const MAX_QUOTE_UNITS = 9999;

/** Heaviest order, pounds: beyond it is a truckload, not an LTL shipment. */
export const MAX_ORDER_WEIGHT_LB = 5000;

/** Largest unit price, cents ($100,000). */
export const MAX_UNIT_CENTS = 10_000_000;

/** Earliest instant a quote accepts (2000-01-01T00:00Z): an earlier clock is broken. */
export const QUOTE_EARLIEST_MS = Date.UTC(2000, 0, 1);

/** First instant a quote refuses (2100-01-01T00:00Z). */
export const QUOTE_LATEST_MS = Date.UTC(2100, 0, 1);

/**
 * A cart line as the quote reads it. Every field the quote reads (here, in the profile, the
 * destination and the options) is part of quote-memo.ts's key: a new one goes there too.
 */
export interface QuoteLine {
  /** The line's id (unique in the cart). */
  id: string;
  /** Product title, for messages and notices. */
  title: string;
  quantity: number;
  /** Unit price after any line price rule, integer cents. */
  unitCents: Cents;
  profile: ShippingProfile;
  /** The product's notices (Proposition 65, hazmat handling, not returnable once opened). */
  notices?: readonly ProductNotice[];
}

/**
 * Where the order goes. For an estimate a ZIP code is enough; for an order, the street address,
 * the state and (for freight) a phone number.
 */
export interface ShippingDestination {
  /** `98032` or `98032-1234`. */
  zip: string;
  /** Two-letter state code; checked against the ZIP. Derived from the ZIP when absent. */
  state?: string | null;
  /** ISO country code. @default 'US' */
  country?: string | null;
  address1?: string | null;
  address2?: string | null;
  phone?: string | null;
}

/** The shopper's choices and the order's facts the quote needs. */
export interface QuoteOptions {
  /** The parcel service asked for. @default 'ground' */
  service?: ParcelService;
  /** The order's discount on the lines, cents (from the discount codes). @default 0 */
  discountCents?: Cents;
  /** A free-shipping code applies: ground of the free-ground classes is free. @default false */
  freeShipping?: boolean;
  /** Freight: a truck with a liftgate (no loading dock at home). @default true */
  liftgate?: boolean;
  /** Freight: delivery to a home rather than a business. @default true */
  residential?: boolean;
  /**
   * 'estimate' (product page, cart: a ZIP is enough) or 'order' (checkout: the street address,
   * the state, and a phone number for freight are required). @default 'estimate'
   */
  purpose?: 'estimate' | 'order';
}

/** A group of lines that ships together, by one service, on one date range. */
export interface Shipment {
  /** 'parcel' (parts and oversize boxes), 'hazmat' (chemicals), 'freight' (pallets). */
  kind: 'parcel' | 'hazmat' | 'freight';
  /** 'Parcels', 'Pool chemicals', 'Freight'. */
  title: string;
  service: Service;
  /** 'Ground', '2-Day', 'Next Day', 'Freight'. */
  serviceName: string;
  /** The cart lines in it, in cart order. */
  lineIds: string[];
  packages: Package[];
  /** Carrier price of the packages after the store's ground rule, cents. */
  baseCents: Cents;
  /** Hazmat per-package and freight liftgate/residential charges, cents (never free). */
  surchargeCents: Cents;
  /** `baseCents + surchargeCents`. */
  cents: Cents;
  /** Ground was free (threshold or free-shipping code). */
  freeGround: boolean;
  dates: ShipmentDates;
  /** Plain notes to show with the shipment (ground only for chemicals, curbside freight). */
  notes: string[];
}

/** A way to ship the whole order the shopper can pick. */
export interface ShippingOption {
  /** The parcel service of the option (chemicals go by ground and freight by truck in every option). */
  id: ParcelService;
  /** 'Ground', 'Ship everything by ground', 'Ship the rest by Next Day, the chemicals by ground'. */
  label: string;
  shipments: Shipment[];
  /** Sum of the shipments' prices. */
  shippingCents: Cents;
  earliest: IsoDate;
  latest: IsoDate;
  arrivalText: string;
}

/** The freight choices and what they cost, when the order has freight. */
export interface FreightChoices {
  liftgate: boolean;
  liftgateCents: Cents;
  residential: boolean;
  residentialCents: Cents;
  /** Curbside delivery, said plainly. */
  curbsideText: string;
}

/** The order's dates. */
export interface QuoteDates {
  /** The quote's instant, epoch milliseconds. */
  quotedAt: number;
  /** The first business day the warehouse works on the order. */
  processingDate: IsoDate;
  /** When the last shipment leaves, as the shopper reads it. */
  shipsText: string;
  /** First and last arrival over the shipments. */
  earliest: IsoDate;
  latest: IsoDate;
  arrivalText: string;
}

/** The totals row, integer cents: total = lines − discount + shipping + tax. */
export interface QuoteTotals {
  linesCents: Cents;
  discountCents: Cents;
  /** `linesCents - discountCents`. */
  subtotalCents: Cents;
  shippingCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
}

/** The destination as the quote read it. */
export interface QuotedDestination {
  zip: string;
  state: string;
  contiguous: boolean;
  zone: number;
}

/** The quote. */
export interface ShippingQuote {
  destination: QuotedDestination;
  /** The service asked for, and the option chosen (the same unless it could not ship). */
  requested: ParcelService;
  selected: ParcelService;
  /** Why the chosen option differs from the one asked for, or null. */
  selectionNote: string | null;
  /** The chosen option's shipments. */
  shipments: Shipment[];
  /** Every option the shopper can pick; each ships. */
  options: ShippingOption[];
  dates: QuoteDates;
  tax: SalesTax;
  totals: QuoteTotals;
  /** Notices to show before payment. */
  notices: CheckoutNotice[];
  freight: FreightChoices | null;
}

/** The curbside text of freight. */
export const FREIGHT_CURBSIDE_TEXT =
  'Freight is delivered to the curb only: the driver does not bring it into your home, garage or backyard. The carrier calls before delivery to book a time.';

/** The note of a chemicals shipment. */
export const HAZMAT_GROUND_NOTE = 'Pool chemicals ship by ground only, within the contiguous US.';

const SHIPMENT_TITLES = { parcel: 'Parcels', hazmat: 'Pool chemicals', freight: 'Freight' } as const;

function checkLine(line: QuoteLine, ids: Set<string>): ShippingError | null {
  if (!line || typeof line !== 'object') return { code: 'line-invalid', message: 'An item in the cart is not a product line.' };
  const title = typeof line.title === 'string' && line.title.trim() ? line.title.trim() : 'An item';
  const bad = (message: string): ShippingError => ({ code: 'line-invalid', message, lineIds: typeof line.id === 'string' ? [line.id] : [] });
  if (typeof line.id !== 'string' || line.id === '') return bad(`${title} has no line id.`);
  if (ids.has(line.id)) return bad(`${title} is in the cart twice.`);
  ids.add(line.id);
  if (typeof line.quantity !== 'number' || !Number.isInteger(line.quantity)) return bad('Invalid quantity');
  if (line.quantity <= 0) return bad('Quantity must be greater than 0');
  if (!Number.isSafeInteger(line.unitCents) || line.unitCents < 0 || line.unitCents > MAX_UNIT_CENTS) return bad(`${title} has no valid price.`);
  if (!line.profile || typeof line.profile !== 'object') return bad(`${title} has no shipping details.`);
  const problem = profileProblem(line.profile, title);
  return problem ? bad(problem) : null;
}

interface Prepared {
  lines: readonly QuoteLine[];
  linesCents: Cents;
  discountCents: Cents;
  zip: string;
  state: string;
  contiguous: boolean;
  zone: number;
  clock: OrderClock;
}

/**
 * Quotes an order's shipping, dates, tax and totals. Pure: `now` is the order's instant (epoch
 * milliseconds or a Date), and the same arguments always give the same quote. Never throws:
 * bad input (an empty or enormous cart, a line without weight, an unknown ZIP, a state that
 * does not match its ZIP, chemicals to a PO box or outside the contiguous US, freight without a
 * phone number at checkout, a clock far off) gives `{ ok: false, error }` with a message to show.
 * @example
 * const result = quoteShipment(lines, { zip: '90210', state: 'CA' }, Date.now(), tables, { service: 'next-day' });
 * if (result.ok) {
 *   result.value.options.map((o) => o.label); // ['Ship everything by ground', 'Ship the rest by 2-Day, the chemicals by ground', …]
 *   result.value.totals.totalCents;            // lines − discount + shipping + tax
 * } else {
 *   result.error.message;                      // 'Pool chemicals can't ship to a PO box. Enter a street address.'
 * }
 */
export function quoteShipment(
  lines: readonly QuoteLine[],
  destination: ShippingDestination,
  now: number | Date,
  tables: ShippingTables,
  options: QuoteOptions = {},
): ShippingResult<ShippingQuote> {
  const prepared = prepare(lines, destination, now, tables, options);
  if (!prepared.ok) return prepared;
  const p = prepared.value;
  const requested = options.service ?? 'ground';
  const freightChoices = p.lines.some((l) => l.profile.shipClass === 'freight')
    ? {
        liftgate: options.liftgate ?? true,
        liftgateCents: tables.surcharges.liftgateCents,
        residential: options.residential ?? true,
        residentialCents: tables.surcharges.residentialCents,
        curbsideText: FREIGHT_CURBSIDE_TEXT,
      }
    : null;

  const groups = {
    parcel: p.lines.filter((l) => l.profile.shipClass === 'parcel' || l.profile.shipClass === 'oversize'),
    hazmat: p.lines.filter((l) => l.profile.shipClass === 'hazmat-ground'),
    freight: p.lines.filter((l) => l.profile.shipClass === 'freight'),
  };
  const packed = {
    parcel: packParcels(groups.parcel),
    hazmat: packHazmat(groups.hazmat),
    freight: packFreight(groups.freight),
  };
  const subtotal = p.linesCents - p.discountCents;
  const store = tables.store;
  const freeGround = options.freeShipping === true || (store.freeGroundOverCents !== null && subtotal > store.freeGroundOverCents);
  const classOf = new Map(p.lines.map((l) => [l.id, l.profile.shipClass]));
  const eligible = (pkg: Package) => pkg.contents.every((c) => store.freeGroundClasses.includes(classOf.get(c.lineId) as ShipClass));

  /** A parcel or chemicals shipment by a service, or a reason it cannot go. */
  const boxShipment = (kind: 'parcel' | 'hazmat', service: ParcelService, flat: { left: boolean }): Shipment | string => {
    const packages = packed[kind];
    const transit = transitFor(tables, service, p.zone);
    if (!transit) return `no ${service} transit to zone ${p.zone}`;
    let baseCents = 0;
    let flatHere = false;
    let free = false;
    for (const pkg of packages) {
      const rate = rateFor(tables, service, p.zone, pkg.billableLb);
      if (rate === undefined) return `no ${service} rate for ${pkg.billableLb} lb to zone ${p.zone}`;
      if (service === 'ground' && eligible(pkg)) {
        if (freeGround) free = true;
        else if (store.flatGroundCents !== null) flatHere = true;
        else baseCents += rate;
      } else {
        baseCents += rate;
      }
    }
    if (flatHere && flat.left) {
      baseCents += store.flatGroundCents ?? 0;
      flat.left = false;
    }
    const surchargeCents = kind === 'hazmat' ? packages.length * tables.surcharges.hazmatPackageCents : 0;
    const groupLines = groups[kind];
    const handling = groupLines.reduce((m, l) => Math.max(m, l.profile.handlingDays ?? 0), 0);
    return {
      kind,
      title: SHIPMENT_TITLES[kind],
      service,
      serviceName: SERVICE_NAMES[service],
      lineIds: groupLines.map((l) => l.id),
      packages,
      baseCents,
      surchargeCents,
      cents: baseCents + surchargeCents,
      freeGround: free,
      dates: shipmentDates(p.clock, handling, transit, service === 'ground' || kind === 'hazmat'),
      notes: kind === 'hazmat' ? [HAZMAT_GROUND_NOTE] : [],
    };
  };

  let freightShipment: Shipment | null = null;
  if (groups.freight.length) {
    const load = packed.freight;
    const transit = transitFor(tables, 'freight', p.zone);
    const base = freightRateFor(tables, p.zone, load.totalLb, load.freightClass);
    if (!transit || base === undefined) {
      return shippingError('no-service', `We can't ship ${formatLb(load.totalLb)} of freight to ZIP code ${p.zip}. Call us for a quote.`, groups.freight.map((l) => l.id));
    }
    const surchargeCents = (freightChoices!.liftgate ? freightChoices!.liftgateCents : 0) + (freightChoices!.residential ? freightChoices!.residentialCents : 0);
    const handling = groups.freight.reduce((m, l) => Math.max(m, l.profile.handlingDays ?? 0), 0);
    freightShipment = {
      kind: 'freight', title: SHIPMENT_TITLES.freight, service: 'freight', serviceName: SERVICE_NAMES.freight,
      lineIds: groups.freight.map((l) => l.id), packages: load.pallets, baseCents: base, surchargeCents, cents: base + surchargeCents,
      freeGround: false, dates: shipmentDates(p.clock, handling, transit, true), notes: [FREIGHT_CURBSIDE_TEXT],
    };
  }

  const hasParcel = groups.parcel.length > 0;
  const hasHazmat = groups.hazmat.length > 0;
  const built: ShippingOption[] = [];
  for (const service of hasParcel ? PARCEL_SERVICES : (['ground'] as const)) {
    const flat = { left: true };
    const shipments: Shipment[] = [];
    let failed = false;
    // the chemicals take the flat ground charge first only when the parcels do not go by ground
    const order: ('parcel' | 'hazmat')[] = ['parcel', 'hazmat'];
    for (const kind of order) {
      if (kind === 'parcel' && !hasParcel) continue;
      if (kind === 'hazmat' && !hasHazmat) continue;
      const s = boxShipment(kind, kind === 'hazmat' ? 'ground' : service, flat);
      if (typeof s === 'string') {
        if (kind === 'hazmat') {
          return shippingError('no-service', `We can't ship pool chemicals to ZIP code ${p.zip}.`, groups.hazmat.map((l) => l.id));
        }
        failed = true;
        break;
      }
      shipments.push(s);
    }
    if (failed) continue;
    if (freightShipment) shipments.push(freightShipment);
    built.push(optionOf(service, shipments, hasParcel, hasHazmat, freightShipment !== null));
  }
  if (built.length === 0) {
    return shippingError('no-service', `We can't ship these items to ZIP code ${p.zip}. Call us for a quote.`, groups.parcel.map((l) => l.id));
  }
  const chosen = built.find((o) => o.id === requested) ?? built[0]!;
  let selectionNote: string | null = null;
  if (chosen.id !== requested) {
    selectionNote = !hasParcel
      ? hasHazmat ? 'Pool chemicals ship by ground only.' : 'Freight ships by truck only.'
      : `${SERVICE_NAMES[requested]} isn't available to ZIP code ${p.zip} for these items, so the order ships by ${SERVICE_NAMES[chosen.id]}.`;
  }

  const tax = salesTax(
    p.lines.map((l) => ({ id: l.id, cents: l.unitCents * l.quantity, taxable: l.profile.taxable !== false })),
    p.discountCents,
    chosen.shippingCents,
    { state: p.state, zip: p.zip },
    tables.tax,
  );
  const lastShip = chosen.shipments.reduce((m, s) => (s.dates.shipDate > m ? s.dates.shipDate : m), chosen.shipments[0]!.dates.shipDate);
  const noticeLines = p.lines.map((l) => ({
    id: l.id,
    title: l.title,
    notices: l.profile.shipClass === 'hazmat-ground' && !l.notices?.some((n) => n.kind === 'hazmat-handling')
      ? [...(l.notices ?? []), { kind: 'hazmat-handling' as const }]
      : l.notices,
  }));
  return {
    ok: true,
    value: {
      destination: { zip: p.zip, state: p.state, contiguous: p.contiguous, zone: p.zone },
      requested,
      selected: chosen.id,
      selectionNote,
      shipments: chosen.shipments,
      options: built,
      dates: {
        quotedAt: p.clock.now,
        processingDate: isoOfDay(p.clock.processingDay),
        shipsText: shipsText(p.clock, dayOfIso(lastShip)),
        earliest: chosen.earliest,
        latest: chosen.latest,
        arrivalText: chosen.arrivalText,
      },
      tax,
      totals: {
        linesCents: p.linesCents,
        discountCents: p.discountCents,
        subtotalCents: subtotal,
        shippingCents: chosen.shippingCents,
        taxCents: tax.totalCents,
        totalCents: subtotal + chosen.shippingCents + tax.totalCents,
      },
      notices: noticesBeforePayment(noticeLines, p.state),
      freight: freightChoices,
    },
  };
}

function optionOf(service: ParcelService, shipments: Shipment[], hasParcel: boolean, hasHazmat: boolean, hasFreight: boolean): ShippingOption {
  let label: string;
  if (!hasParcel) label = hasHazmat ? (hasFreight ? 'Chemicals by ground, freight by truck' : 'Ground') : 'Freight, curbside';
  else if (!hasHazmat) label = SERVICE_NAMES[service];
  else label = service === 'ground' ? 'Ship everything by ground' : `Ship the rest by ${SERVICE_NAMES[service]}, the chemicals by ground`;
  let earliest = shipments[0]!.dates.earliest;
  let latest = shipments[0]!.dates.latest;
  let shippingCents = 0;
  for (const s of shipments) {
    if (s.dates.earliest < earliest) earliest = s.dates.earliest;
    if (s.dates.latest > latest) latest = s.dates.latest;
    shippingCents += s.cents;
  }
  return { id: service, label, shipments, shippingCents, earliest, latest, arrivalText: arrivalText(dayOfIso(earliest), dayOfIso(latest)) };
}

/** Checks everything the quote reads, in the order a shopper would fix it. */
function prepare(
  lines: readonly QuoteLine[],
  destination: ShippingDestination,
  now: number | Date,
  tables: ShippingTables,
  options: QuoteOptions,
): ShippingResult<Prepared> {
  const ms = typeof now === 'number' ? now : now instanceof Date ? now.getTime() : Number.NaN;
  if (!Number.isFinite(ms) || ms < QUOTE_EARLIEST_MS || ms >= QUOTE_LATEST_MS) {
    return shippingError('date-out-of-range', 'The order date is out of range. Check the clock and try again.');
  }
  const cutoff = cutoffMinutes(tables.store.cutoff);
  if (cutoff === null) return shippingError('tables-invalid', `The store's cut-off '${tables.store.cutoff}' is not a time like 13:00.`);

  if (!Array.isArray(lines) || lines.length === 0) return shippingError('cart-empty', 'Your cart is empty.');
  if (lines.length > MAX_QUOTE_LINES) {
    return shippingError('cart-too-large', `We can quote up to ${MAX_QUOTE_LINES} lines in one order. Call us for a larger order.`);
  }
  const ids = new Set<string>();
  let linesCents = 0;
  let weight = 0;
  let units = 0;
  for (const line of lines) {
    const problem = checkLine(line, ids);
    if (problem) return { ok: false, error: problem };
    linesCents += line.unitCents * line.quantity;
    weight += line.profile.weightLb * line.quantity;
    units += line.quantity;
  }
  if (units > MAX_QUOTE_UNITS) {
    return shippingError('cart-too-large', `We can quote up to ${MAX_QUOTE_UNITS.toLocaleString('en-US')} items in one order. Call us for a larger order.`);
  }
  if (weight > MAX_ORDER_WEIGHT_LB) {
    return shippingError('cart-too-large', `This order weighs ${formatLb(Math.ceil(weight))}, more than the ${formatLb(MAX_ORDER_WEIGHT_LB)} we ship in one order. Call us for a truckload quote.`);
  }
  if (options.service !== undefined && !PARCEL_SERVICES.includes(options.service)) {
    return shippingError('option-invalid', `Choose a shipping service: ${PARCEL_SERVICES.map((s) => SERVICE_NAMES[s]).join(', ')}.`);
  }
  const discount = options.discountCents ?? 0;
  if (!Number.isSafeInteger(discount) || discount < 0) return shippingError('option-invalid', 'The discount is not an amount of money.');
  const discountCents = Math.min(discount, linesCents);

  if (!destination || typeof destination !== 'object') return shippingError('zip-invalid', 'Enter a 5-digit ZIP code.');
  if (!shipsToCountry(destination.country ?? 'US')) return shippingError('country-unsupported', COUNTRY_UNSUPPORTED_MESSAGE);
  const zip = zip5Of(typeof destination.zip === 'string' ? destination.zip : null);
  if (!zip) return shippingError('zip-invalid', 'Enter a 5-digit ZIP code.');
  const zipState = tables.zip3States.get(zip.slice(0, 3));
  if (!zipState) return shippingError('zip-unknown', `ZIP code ${zip} is not a US ZIP code we know. Check it and try again.`);
  const given = String(destination.state ?? '').trim().toUpperCase();
  if (given && !US_STATE_CODES.has(given)) return shippingError('state-mismatch', `'${destination.state}' is not a US state code. Choose the state again.`);
  if (given && given !== zipState) {
    return shippingError('state-mismatch', `ZIP code ${zip} is in ${zipState}, not ${given}. Check the state and the ZIP code.`);
  }
  const purpose = options.purpose ?? 'estimate';
  const street = [destination.address1, destination.address2].filter((s): s is string => typeof s === 'string' && s.trim() !== '');
  if (purpose === 'order' && (!given || !destination.address1?.trim())) {
    return shippingError('address-required', 'Enter the street address, the state and the ZIP code.');
  }
  const state = zipState;
  const contiguous = isContiguousUs(state);
  const hazmat = lines.filter((l) => l.profile.shipClass === 'hazmat-ground');
  const freight = lines.filter((l) => l.profile.shipClass === 'freight');
  const poBox = street.some(isPoBox);
  if (hazmat.length && !contiguous) {
    return shippingError('hazmat-destination', `Pool chemicals ship by ground within the contiguous US only, so we can't send ${titles(hazmat)} to ${state}. Remove ${hazmat.length > 1 ? 'them' : 'it'} or ship to another address.`, hazmat.map((l) => l.id));
  }
  if (hazmat.length && poBox) {
    return shippingError('hazmat-po-box', "Pool chemicals can't ship to a PO box. Enter a street address.", hazmat.map((l) => l.id));
  }
  if (freight.length && !contiguous) {
    return shippingError('freight-destination', `Freight ships within the contiguous US only, so we can't send ${titles(freight)} to ${state}. Remove ${freight.length > 1 ? 'them' : 'it'} or ship to another address.`, freight.map((l) => l.id));
  }
  if (freight.length && poBox) {
    return shippingError('freight-po-box', "Freight can't be delivered to a PO box. Enter a street address.", freight.map((l) => l.id));
  }
  if (freight.length && purpose === 'order' && !isCallablePhone(destination.phone)) {
    return shippingError('phone-required', 'Freight deliveries need a phone number: the carrier calls before it comes. Enter a phone number.', freight.map((l) => l.id));
  }
  const zone = zoneFor(tables, zip);
  if (zone === undefined) return shippingError('no-service', `We can't ship to ZIP code ${zip} yet.`);
  const clock = orderClock(ms, tables.store.timeZone, cutoff);
  return { ok: true, value: { lines, linesCents, discountCents, zip, state, contiguous, zone, clock } };
}

/** 'Cal-Hypo Shock' or 'Cal-Hypo Shock and Muriatic Acid' (at most three named). */
function titles(lines: readonly QuoteLine[]): string {
  const names = lines.map((l) => l.title);
  if (names.length > 3) return `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0] ?? '';
}

