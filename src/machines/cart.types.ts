/**
 * Types of the cart machine (`cart.machine.ts`) and of its connect function.
 * @module
 */
import type { BeginCheckoutPayload, BEGIN_CHECKOUT_EVENT } from '../domain/analytics.ts';
import type { CartLine, Checkout } from '../domain/entities.ts';

/**
 * The cart events that become requests. They wait in a FIFO and run one at a time, in the order
 * they arrived, so a change sent while another is in flight is applied after it, never dropped.
 * `requestId` is echoed in the `cart.result` event so a caller can await its own request.
 */
export type CartRequestEvent =
  /** Fetches the checkout; its lines replace the cart's. */
  | { type: 'cart.reload' }
  /** Adds units of an inventory level; the answer is merged into the cart. */
  | { type: 'cart.add'; inventoryLevelId: number; quantity: number; requestId?: string }
  /** Sets a line's quantity (found by lineItemId, else inventoryLevelId); the answer replaces the cart. */
  | { type: 'cart.setQuantity'; lineItemId?: number; inventoryLevelId?: number; quantity: number }
  /** Deletes a line; the answer replaces the cart. */
  | { type: 'cart.delete'; lineItemId: number }
  /** Applies a discount code to the checkout. */
  | { type: 'discount.apply'; code: string; requestId?: string }
  /** Removes a discount code from the checkout. */
  | { type: 'discount.remove'; code: string; requestId?: string }
  /** Adds products by handle (POST /api/checkouts/products). */
  | { type: 'cart.addProducts'; handles: readonly string[]; requestId?: string }
  /** The product card's add button: fetch the product, pick its first sellable level, add it. */
  | { type: 'cart.quickAdd'; handle: string; quantity?: number; requestId?: string }
  /** Starts checkout once every earlier change has landed. */
  | { type: 'checkout.start' };

/** The type of a request event. */
export type CartRequestType = CartRequestEvent['type'];

/** The requests that report their outcome with a `cart.result` event. */
export type ReportedRequestType = 'cart.add' | 'cart.quickAdd' | 'cart.addProducts' | 'discount.apply' | 'discount.remove';

/** The overlay: never opened yet, shown, or hidden after being shown. */
export type CartOverlay = 'never' | 'shown' | 'hidden';

/** The tones of a user notice (machine convention). */
export type NoticeTone = 'success' | 'danger' | 'warning' | 'error' | 'info';

/** A notice a view shows inline (the coupon box's alert). */
export interface CartNotice { tone: NoticeTone; message: string }

/** The cart's context. */
export interface CartContext {
  /** The client cart lines, in the server's order. */
  lines: CartLine[];
  /** The server's checkout, or null before one exists. */
  checkout: Checkout | null;
  /** The cartUpdating flag: a request is in flight (cart buttons are disabled). */
  updating: boolean;
  overlay: CartOverlay;
  /** The last failure's text (including logged-only ones), cleared by the next success. */
  lastError: string | null;
  /** Requests waiting their turn; the head is the one in flight while updating. */
  queue: CartRequestEvent[];
  /** The coupon box's alert: the last coupon outcome. */
  couponNotice: CartNotice | null;
  /** Counts applied coupons: the view clears the coupon input whenever it changes. */
  couponResets: number;
  /** The inventory level a quick add picked, between fetching the product and adding it. */
  quickAddLevelId: number | null;
}

/** UI events of the overlay; handled at once, never queued. */
export type CartUiEvent =
  | { type: 'overlay.open' } | { type: 'overlay.toggle' } | { type: 'overlay.close' }
  | { type: 'overlay.outsideClick' } | { type: 'overlay.viewCart' } | { type: 'layout.mobile' };

/** Every event the cart accepts. */
export type CartEvent = CartRequestEvent | CartUiEvent;

/**
 * The cart's input. Without `checkout` the cart fetches it on start (the startup fetch); with it
 * (even `null`, meaning "no cart yet") it starts loaded, for server rendering.
 */
export interface CartInput { checkout?: Checkout | null; overlay?: CartOverlay }

/** The outcome of an add, quick add, add-products or coupon request. */
export type CartResultEvent =
  | { type: 'cart.result'; request: ReportedRequestType; requestId?: string; success: true }
  | { type: 'cart.result'; request: ReportedRequestType; requestId?: string; success: false; error: string };

/** What the cart emits: notices, logs, navigation, analytics and request outcomes. */
export type CartEmitted =
  | { type: 'notify'; tone: NoticeTone; message: string }
  | { type: 'log'; message: string; error?: unknown }
  | { type: 'navigate'; url: string }
  | { type: 'analytics'; name: typeof BEGIN_CHECKOUT_EVENT; payload: BeginCheckoutPayload }
  | CartResultEvent;

/** Input of the `applyDiscountCode` and `removeDiscountCode` actors. */
export interface DiscountCallInput { checkoutId: string; code: string }
