/**
 * One simulated shopper of the cart benchmarks (bench:cart, and the cart load of bench:multi, so
 * the two measure the same workload): a closed loop of cart calls until a deadline, pausing like
 * a person between calls. Half the calls add a line (with an Idempotency-Key), the rest update a
 * line's quantity or remove one; a cart holds at most {@link MAX_CART_LINES} lines, then the
 * shopper updates or removes instead of adding.
 */
import { randomUUID } from 'node:crypto';

/** A shopper's cart holds at most this many lines; then they update or remove instead of adding. */
export const MAX_CART_LINES = 8;

/** The kinds of call a shopper makes. */
export type CartCallKind = 'add' | 'update' | 'remove';

/** One HTTP call as the benchmark sends it: method, path, the shopper's cookie, a JSON body, an Idempotency-Key. */
export type CartSend = (method: string, path: string, cookie: string, body?: unknown, key?: string) => Promise<{ status: number; text: string }>;

/** What {@link runShopper} needs. */
export interface ShopperOptions {
  send: CartSend;
  /** The shopper's session cookie (`name=value`). */
  cookie: string;
  /** The inventory levels the shopper adds from. */
  levels: readonly number[];
  /** `performance.now()` at which the shopper stops. */
  deadline: number;
  /** Mean pause between two calls in ms (uniform in 0.5x..1.5x); 0 hammers the server. */
  thinkMs: number;
  /** The shopper's own seed (its choices are a pure function of it). */
  seed: number;
  /** Each answered call: its kind, its latency as the shopper saw it, its status and, when not 200, its body. */
  onCall(kind: CartCallKind, ms: number, status: number, text: string): void;
  /** A call that got no answer (a network error). */
  onNetworkError(err: Error): void;
}

/** Runs one shopper until the deadline. */
export async function runShopper(options: ShopperOptions): Promise<void> {
  const { send, cookie, levels, deadline, thinkMs } = options;
  let lines: { id: number; inventoryLevelId: number }[] = [];
  let step = options.seed;
  while (performance.now() < deadline) {
    step = (step * 1103515245 + 12345) % 2147483648;
    if (thinkMs > 0) await new Promise((r) => setTimeout(r, thinkMs * (0.5 + (step % 1000) / 1000)));
    const roll = step % 10;
    const kind: CartCallKind = lines.length === 0 || (roll < 5 && lines.length < MAX_CART_LINES) ? 'add' : roll < 8 ? 'update' : 'remove';
    const target = lines[step % Math.max(1, lines.length)];
    const t0 = performance.now();
    let res: { status: number; text: string };
    try {
      if (kind === 'add') {
        res = await send('POST', '/api/checkouts/lineItems', cookie, { inventoryLevelId: levels[step % levels.length], quantity: 1 + (step % 3) }, randomUUID());
      } else if (kind === 'update' && target) {
        res = await send('PUT', '/api/checkouts/lineItems', cookie, { inventoryLevelId: target.inventoryLevelId, quantity: 1 + (step % 5) });
      } else {
        res = await send('DELETE', `/api/checkouts/lineItems/${target?.id ?? 0}`, cookie);
      }
    } catch (err) {
      options.onNetworkError(err as Error);
      continue;
    }
    options.onCall(kind, performance.now() - t0, res.status, res.status === 200 ? '' : res.text);
    if (res.status !== 200) continue;
    const checkout = (JSON.parse(res.text) as { checkout: { LineItems: { id: number; inventoryLevelId: number }[] } }).checkout;
    lines = checkout.LineItems.map((l) => ({ id: l.id, inventoryLevelId: l.inventoryLevelId }));
  }
}
