/**
 * DTO types of the back office's returns, notes, discounts, customers and audit calls (the
 * methods are `AdminClient`'s, src/api/admin-client.ts):
 *
 * | function | call | answer |
 * |---|---|---|
 * | `authoriseReturn` | POST /api/admin/orders/{id}/returns (Idempotency-Key) | { return, order, warnings } |
 * | `receiveReturn` | POST /api/admin/orders/{id}/returns/{rid}/receive {restock, refund} | { order, warnings } |
 * | `addNote` | POST /api/admin/orders/{id}/notes {body} | { order, warnings } |
 * | `discounts` | GET /api/admin/discounts?status&q&after&limit | { discounts, nextAfter } |
 * | `createDiscount` | POST /api/admin/discounts | { discount } |
 * | `updateDiscount` | PATCH /api/admin/discounts/{code} {action?, ...} | { discount } |
 * | `customers` | GET /api/admin/customers?q&before&limit | { customers, nextBefore } |
 * | `customer` | GET /api/admin/customers/{id} | { customer } |
 * | `customerPasswordReset` | POST /api/admin/customers/{id}/password-reset | { success, email } |
 * | `audit` | GET /api/admin/audit?action&actorKind&actorId&from&to&before&limit | { entries, nextBefore } |
 * @module
 */
import type { AdminActor, AdminLineAmount, AdminOrder } from './admin-client.ts';

/** A return of an order. */
export interface AdminReturn {
  id: number;
  status: 'authorised' | 'received' | string;
  reason: string;
  feePercent: number;
  buyerPaysFreight: boolean;
  restocked: boolean | null;
  feeCents: number | null;
  refundCents: number | null;
  authorisedAt: string;
  receivedAt: string | null;
  by: AdminActor;
  lines: AdminLineAmount[];
}

/** A note on an order. */
export interface AdminNote {
  id: number;
  body: string;
  createdAt: string;
  by: AdminActor;
}

/** An order with its returns and notes (the API answers them with every order). */
export interface AdminOrderWithReturns extends AdminOrder {
  returns?: AdminReturn[];
  notes?: AdminNote[];
}

/** POST .../returns. */
export interface AdminReturnBody {
  lines: { lineId: number; quantity: number; opened?: boolean }[];
  reason: string;
  /** @default 0 */
  restockingFeePercent?: number;
  /** @default true */
  notify?: boolean;
}

/** A discount code's state. */
export type AdminDiscountStatus = 'active' | 'paused' | 'scheduled' | 'ended' | 'used_up';

/** A discount code as answered. */
export interface AdminDiscount {
  code: string;
  title: string;
  kind: 'percentage' | 'fixed' | 'free_shipping';
  /** Percent, or cents off; 0 for free shipping. */
  value: number;
  minSubtotalCents: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  uses: number;
  oncePerCustomer: boolean;
  oncePerIp: boolean;
  paused: boolean;
  status: AdminDiscountStatus;
  createdAt: string | null;
  updatedAt: string | null;
}

/** GET /api/admin/discounts's query. */
export interface AdminDiscountQuery {
  status?: AdminDiscountStatus;
  q?: string;
  after?: string;
  limit?: number;
}

/** POST /api/admin/discounts. */
export interface AdminDiscountBody {
  code: string;
  kind: AdminDiscount['kind'];
  title?: string;
  value?: number;
  minSubtotalCents?: number;
  startsAt?: string | null;
  endsAt?: string | null;
  maxUses?: number | null;
  oncePerCustomer?: boolean;
  oncePerIp?: boolean;
  paused?: boolean;
}

/** PATCH /api/admin/discounts/{code}. */
export type AdminDiscountPatch = Partial<Omit<AdminDiscountBody, 'code' | 'paused'>> & { action?: 'pause' | 'resume' | 'expire' };

/** A customer as listed. */
export interface AdminCustomerSummary {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  createdAt: string;
  orders: number;
}

/** A customer's saved address. */
export interface AdminCustomerAddress {
  id: number;
  firstName: string;
  lastName: string;
  company?: string | null;
  address1: string;
  address2?: string | null;
  city?: string | null;
  zip: string;
  phone: string;
  countryCode?: string | null;
  stateCode?: string | null;
  isDefault: boolean;
}

/** A saved card: its brand and last four digits, never more. */
export interface AdminCustomerCard {
  id: number;
  brand: string;
  last4: string;
  giftCard: boolean;
  createdAt: string;
}

/** One customer with addresses, cards and recent orders. */
export interface AdminCustomer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  recoveryEmail?: string | null;
  recoveryEmailVerified: boolean;
  createdAt: string;
  updatedAt: string;
  addresses: AdminCustomerAddress[];
  cards: AdminCustomerCard[];
  orders: {
    count: number;
    totalCents: number;
    recent: { id: number; createdAt: string; totalCents: number; currency: string; state: string; paymentStatus: string; fulfilmentStatus: string }[];
  };
}

/** GET /api/admin/audit's query. */
export interface AdminAuditQuery {
  actorKind?: 'operator' | 'token' | 'bootstrap';
  actorId?: number;
  entity?: string;
  entityId?: string;
  action?: string;
  /** ISO date-time. */
  from?: string;
  /** ISO date-time. */
  to?: string;
  before?: number;
  limit?: number;
}

/** One audit entry. */
export interface AdminAuditEntry {
  id: number;
  at: string;
  actor: { kind: string; id: number | null };
  action: string;
  route: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}
