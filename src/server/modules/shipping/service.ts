/**
 * The shipping service: the operator's tables loaded from CSV files at start, and quotes of
 * inventory levels (the estimate call, the cart, the hosted checkout) by the domain's one
 * `quoteShipment`.
 *
 * Choices (each tested):
 * - The tables come from `SHIPPING_TABLES_DIR` (default: the seed tables beside this file),
 *   read with csv-parse; every CSV file that is not one of the six named tables is a tax-rate
 *   file in the rate vendors' ZIP5 format (one a state, or one for all). A bad file stops the
 *   start with every problem as `file:line column — message`.
 * - The store's settings (origin ZIP, time zone, cut-off) come from `SHIPPING_ORIGIN_ZIP`,
 *   `SHIPPING_TIME_ZONE` and `SHIPPING_CUTOFF`, else the domain's defaults (Kent, WA, Pacific
 *   time, 13:00); the states that collect tax and tax shipping come from tax-states.csv.
 * - Tables are read once a folder and settings per process (every app of a test run shares them).
 * - A line's weight is its variant's packed weight, else the product's weight; a line with
 *   neither gets the domain's "has no shipping weight" message, never a guess.
 * - Lines of one inventory level given twice are one line (their quantities add up).
 * - A cart's estimate (its checkout id) quotes the cart's own lines at the cart's prices with its
 *   discount and free-shipping codes, exactly as the hosted checkout does; only the cart's owner
 *   (its session, or its customer) may ask, and any other checkout is not found. The cart is the
 *   checkout module's: it answers that estimate ({@link CartEstimator}, which app.ts passes).
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import {
  buildShippingTables, QuoteMemo,
  type CsvRows, type ParcelService, type HazardGroup, type ProductNotice, type QuoteLine, type QuoteOptions, type ShipClass, type ShippingDestination,
  type ShippingProfile, type ShippingQuote, type ShippingResult, type ShippingStore, type ShippingTableFiles, type ShippingTables, type TableProblem,
} from '../../../domain/shipping/index.ts';
import type { CartPrice } from '../../../domain/cart-pricing.ts';
import type { EstimateShippingRequest } from '../../../api/shipping.ts';
import type { Db } from '../../platform/db/database.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { shipLevels, type ShipLevelRow } from './repository.ts';

/** The seed tables shipped with the store. */
export const DEFAULT_TABLES_DIR = fileURLToPath(new URL('./tables/', import.meta.url));

/** The six named table files; every other CSV file of the folder is a tax-rate file. */
export const TABLE_FILES = ['zones.csv', 'rates.csv', 'transit.csv', 'surcharges.csv', 'zip3-states.csv', 'tax-states.csv'] as const;

/** The tables could not be read: every problem, one a line. */
export class ShippingTablesError extends Error {
  constructor(readonly problems: readonly TableProblem[], dir: string) {
    super(`The shipping tables in ${dir} cannot be used:\n${problems.map(problemLine).join('\n')}`);
    this.name = 'ShippingTablesError';
  }
}

/** `rates.csv:12 Price — Price '12,50' on line 12 is not an amount of dollars`. */
export function problemLine(p: TableProblem): string {
  return `${p.file ?? ''}${p.line > 0 ? `:${p.line}` : ''}${p.column ? ` ${p.column}` : ''} — ${p.message}`;
}

/**
 * The store's shipping settings from the environment; only those set are returned (the domain
 * fills in the rest).
 * @example
 * shippingStoreFromEnv({ SHIPPING_CUTOFF: '14:30' }); // { cutoff: '14:30' }
 */
export function shippingStoreFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<ShippingStore> {
  const out: Partial<ShippingStore> = {};
  if (env.SHIPPING_ORIGIN_ZIP?.trim()) out.originZip = env.SHIPPING_ORIGIN_ZIP.trim();
  if (env.SHIPPING_TIME_ZONE?.trim()) out.timeZone = env.SHIPPING_TIME_ZONE.trim();
  if (env.SHIPPING_CUTOFF?.trim()) out.cutoff = env.SHIPPING_CUTOFF.trim();
  return out;
}

function readRows(dir: string, file: string, problems: TableProblem[]): CsvRows {
  let text: string;
  try {
    text = readFileSync(join(dir, file), 'utf8');
  } catch {
    problems.push({ file, line: 0, message: `The file ${file} is missing` });
    return [];
  }
  try {
    // a byte-order mark from a spreadsheet is no part of the first header
    return parse(text, { bom: true, skip_empty_lines: false, relax_column_count: true }) as string[][];
  } catch (error) {
    const e = error as { lines?: number; message?: string };
    problems.push({ file, line: e.lines ?? 0, message: `The file is not CSV (${e.message ?? 'unreadable'})` });
    return [];
  }
}

/**
 * Reads and builds the tables of a folder. Throws {@link ShippingTablesError} with every
 * problem when a file is missing, is not CSV, or has a bad row.
 * @example
 * const tables = readShippingTables(process.env.SHIPPING_TABLES_DIR ?? DEFAULT_TABLES_DIR, shippingStoreFromEnv());
 */
export function readShippingTables(dir: string, store: Partial<ShippingStore> = {}): ShippingTables {
  const problems: TableProblem[] = [];
  const rows = Object.fromEntries(TABLE_FILES.map((f) => [f, readRows(dir, f, problems)])) as Record<(typeof TABLE_FILES)[number], CsvRows>;
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    throw new ShippingTablesError([{ line: 0, message: `The folder ${dir} cannot be read` }], dir);
  }
  const taxRates: Record<string, CsvRows> = {};
  for (const name of names.filter((n) => n.toLowerCase().endsWith('.csv') && !(TABLE_FILES as readonly string[]).includes(n)).sort()) {
    taxRates[name] = readRows(dir, name, problems);
  }
  if (Object.keys(taxRates).length === 0) problems.push({ line: 0, message: 'No tax-rate file (tax-rates.csv or one file a state)' });
  if (problems.length) throw new ShippingTablesError(problems, dir);
  const files: ShippingTableFiles = { ...rows, taxRates };
  const built = buildShippingTables(files, store);
  if (!built.ok) throw new ShippingTablesError(built.problems, dir);
  return built.value;
}

const loaded = new Map<string, ShippingTables>();

/**
 * {@link readShippingTables}, once a folder and settings per process.
 * @example
 * const tables = shippingTables(); // SHIPPING_TABLES_DIR or the seed tables
 */
export function shippingTables(dir: string = process.env.SHIPPING_TABLES_DIR?.trim() || DEFAULT_TABLES_DIR, store: Partial<ShippingStore> = shippingStoreFromEnv()): ShippingTables {
  const key = `${dir}\u0000${JSON.stringify(store)}`;
  let tables = loaded.get(key);
  if (!tables) {
    tables = readShippingTables(dir, store);
    loaded.set(key, tables);
  }
  return tables;
}

/** A cart line as the service quotes it: an inventory level and how many. */
export interface LevelLine {
  inventoryLevelId: number;
  quantity: number;
}

/** A cart's line as its quote reads it: an inventory level, how many, and the cart's unit price. */
export interface PricedLevelLine extends LevelLine {
  unitCents: number;
}

/** Parses a product's stored notices; anything unreadable is no notice (never a 500). */
export function parseNotices(json: string | null): ProductNotice[] {
  if (!json) return [];
  try {
    const value = JSON.parse(json) as unknown;
    if (!Array.isArray(value)) return [];
    return value.filter((n): n is ProductNotice => {
      if (!n || typeof n !== 'object') return false;
      const kind = (n as { kind?: unknown }).kind;
      if (kind === 'prop65') {
        const p = n as { cancer?: unknown; reproductiveHarm?: unknown };
        return Array.isArray(p.cancer) && Array.isArray(p.reproductiveHarm);
      }
      return kind === 'hazmat-handling' || kind === 'not-returnable-once-opened';
    });
  } catch {
    return [];
  }
}

/** The ship profile of a level's row. */
export function profileOf(row: ShipLevelRow): ShippingProfile {
  const profile: ShippingProfile = {
    // an operator's unknown class or group goes to the domain as is: it answers the message
    shipClass: row.ship_class as ShipClass,
    weightLb: row.weight_lb ?? row.product_weight ?? 0,
    handlingDays: row.handling_days,
    taxable: row.taxable !== 0,
  };
  if (row.length_in !== null && row.width_in !== null && row.height_in !== null) {
    profile.dimensions = { lengthIn: row.length_in, widthIn: row.width_in, heightIn: row.height_in };
  }
  if (row.freight_class !== null) profile.freightClass = row.freight_class;
  if (row.hazard_group !== null) profile.hazardGroup = row.hazard_group as HazardGroup;
  return profile;
}

/** The title a line shows: the product's, and the variant's unless it is the default one. */
export function lineTitle(row: Pick<ShipLevelRow, 'product_title' | 'variant_title'>): string {
  return row.variant_title && row.variant_title !== 'Default Title' ? `${row.product_title} - ${row.variant_title}` : row.product_title;
}

/** The quote line of a level (its id is the inventory level id, unique in a cart). */
export function quoteLineOf(row: ShipLevelRow, quantity: number, unitCents: number = row.price_cents): QuoteLine {
  return { id: String(row.level_id), title: lineTitle(row), quantity, unitCents, profile: profileOf(row), notices: parseNotices(row.notices_json) };
}

/** Why a level cannot be quoted: it does not exist. */
export class UnknownLevelError extends Error {
  constructor(readonly inventoryLevelId: number) {
    super('Item not found.');
    this.name = 'UnknownLevelError';
  }
}

/** Reads the ship rows of inventory levels (the repository's `shipLevels`, or the service's remembered rows). */
export type ShipRowReader = (db: Db, ids: readonly number[]) => Promise<readonly ShipLevelRow[]>;

/**
 * The quote lines of cart lines (duplicates merged), in the order given.
 * @throws UnknownLevelError for an inventory level that does not exist
 */
export async function quoteLinesOf(db: Db, lines: readonly LevelLine[], read: ShipRowReader = shipLevels): Promise<QuoteLine[]> {
  const merged = new Map<number, number>();
  for (const l of lines) merged.set(l.inventoryLevelId, (merged.get(l.inventoryLevelId) ?? 0) + l.quantity);
  const rows = new Map((await read(db, [...merged.keys()])).map((r) => [r.level_id, r]));
  const out: QuoteLine[] = [];
  for (const [id, quantity] of merged) {
    const row = rows.get(id);
    if (!row) throw new UnknownLevelError(id);
    out.push(quoteLineOf(row, quantity));
  }
  return out;
}

/**
 * What a priced cart gives the quote: its discount on the lines, and whether a free-shipping
 * code applies. The hosted checkout and the cart's estimate both read a cart's codes so.
 * @example
 * cartQuoteOptions(priceCart(lines, [SAVE10, FREESHIP])); // { discountCents: 1000, freeShipping: true }
 */
export function cartQuoteOptions(price: Pick<CartPrice, 'discountCents' | 'applied'>): { discountCents: number; freeShipping: boolean } {
  return { discountCents: price.discountCents, freeShipping: price.applied.some((r) => r.kind === 'free_shipping') };
}

/**
 * The quote lines of a cart's lines: each level's ship profile and notices at the cart's price.
 * @throws UnknownLevelError for an inventory level that no longer exists
 */
export async function cartQuoteLines(
  db: Db,
  lines: readonly PricedLevelLine[],
  read: ShipRowReader = shipLevels,
): Promise<QuoteLine[]> {
  const unit = new Map(lines.map((l) => [l.inventoryLevelId, l.unitCents]));
  return (await quoteLinesOf(db, lines, read)).map((q) => ({ ...q, unitCents: unit.get(Number(q.id)) ?? q.unitCents }));
}

/** The shopper's shipping choices at checkout: the parcel service and freight's two options. */
export interface ShippingChoice {
  service: ParcelService;
  /** Freight: a truck with a liftgate. */
  liftgate: boolean;
  /** Freight: delivery to a home. */
  residential: boolean;
}

/** An order's shipping address, as the checkout and the placed order keep it. */
export interface CheckoutAddress {
  zip: string;
  stateCode: string | null;
  countryCode: string;
  address1: string;
  address2: string | null;
  phone: string | null;
}

/** Inventory levels whose ship rows a service remembers. @default 5000 */
export const SHIP_ROWS_KEPT = 5000;

/**
 * The shipping service of a running store: its tables and clock. A page shown again neither
 * reads nor quotes again:
 * - every quote goes through {@link ShippingService.quote}, which remembers its last answers
 *   (domain QuoteMemo: the same lines, destination and options in the same clock window give
 *   the same quote);
 * - the ship rows of inventory levels (profile, notices, price) are remembered until a catalogue
 *   change names their product: the app calls {@link ShippingService.forget} from
 *   `app.catalogue.reindex` and from the other processes' changes, with the page cache and the
 *   search index.
 * @example
 * const shipping = new ShippingService(shippingTables());
 * const result = await shipping.estimate(db, [{ inventoryLevelId: 7, quantity: 2 }], { zip: '92101' });
 */
export class ShippingService {
  /** The remembered quotes (hits and misses for tests and benchmarks). */
  readonly memo: QuoteMemo;
  /** Remembered ship rows by inventory level id (most recently used last). */
  private readonly rows = new Map<number, ShipLevelRow>();
  /** Counts the changes forgotten, so a read that started before one is not remembered. */
  private generation = 0;
  /** The ship-row reader of the service's quotes: {@link ShippingService.shipRows}. */
  private readonly read: ShipRowReader = (db, ids) => this.shipRows(db, ids);

  constructor(
    readonly tables: ShippingTables,
    /** The server's clock (tests pin it). */
    readonly now: () => number = Date.now,
  ) {
    this.memo = new QuoteMemo(tables);
  }

  /**
   * The ship rows of inventory levels: the remembered ones, the others read from `db` (and
   * remembered unless a change was forgotten meanwhile). Unknown ids are absent.
   */
  async shipRows(db: Db, ids: readonly number[]): Promise<ShipLevelRow[]> {
    const out: ShipLevelRow[] = [];
    const missing: number[] = [];
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row) out.push(row);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const generation = this.generation;
    const read = await shipLevels(db, missing);
    if (generation === this.generation) {
      for (const row of read) {
        if (this.rows.size >= SHIP_ROWS_KEPT) this.rows.delete(this.rows.keys().next().value as number);
        this.rows.set(row.level_id, row);
      }
    }
    return [...out, ...read];
  }

  /**
   * Forgets the ship rows of products a catalogue write changed ('all': every product), and the
   * quotes made of them. Called after the write has committed.
   * @example
   * shipping.forget([42]); // after product 42's ship profile was edited
   */
  forget(productIds: readonly number[] | 'all'): void {
    this.generation += 1;
    if (productIds === 'all') {
      this.rows.clear();
    } else if (productIds.length > 0) {
      const changed = new Set(productIds);
      for (const [id, row] of this.rows) if (changed.has(row.product_id)) this.rows.delete(id);
    }
    // the memo's quotes need no forgetting: a quote is keyed by the lines' profiles themselves
  }

  /**
   * The catalogue version of the service's quotes: it moves with every change forgotten, so
   * whatever a caller drew from a quote of the store's products is stale once it differs.
   */
  get version(): number {
    return this.generation;
  }

  /** Quotes quote lines at the server's clock (or at `now`, an instant the caller read from it). */
  quote(lines: readonly QuoteLine[], destination: ShippingDestination, options: QuoteOptions = {}, now: number = this.now()): ShippingResult<ShippingQuote> {
    return this.memo.quote(lines, destination, now, options);
  }

  /**
   * The estimate of the product page and the cart: purpose 'estimate' at the server's clock.
   * @throws UnknownLevelError for an inventory level that does not exist
   */
  async estimate(db: Db, lines: readonly LevelLine[], destination: ShippingDestination, options: Omit<QuoteOptions, 'purpose'> = {}): Promise<ShippingResult<ShippingQuote>> {
    return this.quote(await quoteLinesOf(db, lines, this.read), destination, { ...options, purpose: 'estimate' });
  }

  /**
   * The quote of a cart's lines (at the cart's prices) with its discount and free-shipping codes:
   * the one path of the cart's estimate, the hosted checkout and the placed order.
   * @throws UnknownLevelError for an inventory level that no longer exists
   * @example
   * await shipping.quoteCart(db, lines, await priceCheckout(db, id, lines), { zip: '92101' }, { purpose: 'estimate' });
   */
  async quoteCart(
    db: Db,
    lines: readonly PricedLevelLine[],
    price: Pick<CartPrice, 'discountCents' | 'applied'>,
    destination: ShippingDestination,
    options: Omit<QuoteOptions, 'discountCents' | 'freeShipping'> = {},
    now?: number,
  ): Promise<ShippingResult<ShippingQuote>> {
    return this.quote(await cartQuoteLines(db, lines, this.read), destination, { ...options, ...cartQuoteOptions(price) }, now);
  }

  /**
   * The destination of an order address. The checkout's form marks the state optional: a US
   * address without one is read as its ZIP's state (a state that is given is still checked
   * against the ZIP by the quote).
   * @example
   * shipping.addressDestination({ zip: '92101', stateCode: null, countryCode: 'US', address1: '1 Harbor Dr', address2: null, phone: null }).state; // 'CA'
   */
  addressDestination(address: CheckoutAddress): ShippingDestination {
    const zip3 = /^\s*(\d{3})/.exec(address.zip)?.[1];
    const state = address.stateCode ?? (address.countryCode === 'US' && zip3 ? this.tables.zip3States.get(zip3) ?? null : null);
    return { zip: address.zip, state, country: address.countryCode, address1: address.address1, address2: address.address2, phone: address.phone };
  }

  /**
   * The order quote of a cart to an address with the shopper's choices (purpose 'order'): what
   * the hosted checkout shows and charges, and what placing the paid order checks and stores.
   * @throws UnknownLevelError for an inventory level that no longer exists
   */
  async quoteCheckout(
    db: Db,
    lines: readonly PricedLevelLine[],
    price: Pick<CartPrice, 'discountCents' | 'applied'>,
    address: CheckoutAddress,
    choice: ShippingChoice,
    now?: number,
  ): Promise<ShippingResult<ShippingQuote>> {
    return await this.quoteCart(db, lines, price, this.addressDestination(address), {
      purpose: 'order', service: choice.service, liftgate: choice.liftgate, residential: choice.residential,
    }, now);
  }
}

/** Who asks for a cart's estimate: the request's session, and its customer when signed in. */
export interface CartAsker {
  sessionId: number;
  customerId: number | null;
}

/** The shopper's choices of an estimate: the parcel service and freight's two options. */
export type EstimateOptions = Omit<QuoteOptions, 'purpose' | 'discountCents' | 'freeShipping'>;

/**
 * The estimate of a shopper's own open cart (its lines at the cart's prices, its discount and
 * free-shipping codes), which the checkout module answers: app.ts passes its `estimateCheckout`.
 * @throws HttpError 404 when the checkout is not an open cart of `asker`
 * @throws UnknownLevelError for an inventory level that no longer exists
 */
export type CartEstimator = (
  shipping: ShippingService,
  db: Db,
  asker: CartAsker | null,
  checkoutId: string,
  destination: ShippingDestination,
  options: EstimateOptions,
) => Promise<ShippingResult<ShippingQuote>>;

/**
 * The estimate call's quote: of the request's lines, or of the asker's own open cart (its
 * checkout id) through `estimateCart`. The estimate never creates a session, so an asker without
 * one (null) has no cart to quote. A destination or cart the domain refuses is the result's error.
 * @throws HttpError 404 for an unknown inventory level, or a checkout that is not the asker's open cart
 * @example
 * await estimateShipping(shipping, db, { lines: [{ inventoryLevelId: 7, quantity: 2 }], destination: { zip: '92101' } }, null, estimateCheckout);
 */
export async function estimateShipping(
  shipping: ShippingService,
  db: Db,
  request: EstimateShippingRequest,
  asker: CartAsker | null,
  estimateCart: CartEstimator,
): Promise<ShippingResult<ShippingQuote>> {
  const options: EstimateOptions = {
    ...(request.service ? { service: request.service } : {}),
    ...(request.freight?.liftgate !== undefined ? { liftgate: request.freight.liftgate } : {}),
    ...(request.freight?.residential !== undefined ? { residential: request.freight.residential } : {}),
  };
  try {
    return request.checkoutId !== undefined
      ? await estimateCart(shipping, db, asker, request.checkoutId, request.destination, options)
      : await shipping.estimate(db, request.lines ?? [], request.destination, options);
  } catch (error) {
    if (error instanceof UnknownLevelError) throw new HttpError(404, error.message);
    throw error;
  }
}

/**
 * The service of this process: the tables of `SHIPPING_TABLES_DIR` (or the seed tables) and
 * the settings of the environment, read once.
 * @throws ShippingTablesError when a table file is bad
 */
export function defaultShippingService(): ShippingService {
  return new ShippingService(shippingTables());
}
