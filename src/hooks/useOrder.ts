/**
 * One order's page (/account/orders/:id) over `orderMachine`: the login gate, the order with its
 * lines, totals and shipping address, and its related products with the 'Add to Order' button
 * (label and disabled state from the domain's `addButtonState` in order mode) and the spec's
 * add-to-order messages.
 * @module
 */
import type { ApiClient } from '../api/client.ts';
import { useEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Order } from '../api/types.ts';
import { MESSAGES } from '../domain/account.ts';
import type { ProductCardData } from '../domain/entities.ts';
import { orderAddressLines, orderDateText, orderLineTotal, orderStatusBadge, orderTotalsRows, ORDER_TEXT, parseOrderId, type TotalsRow } from '../domain/orders.ts';
import { formatPrice } from '../domain/money.ts';
import { addButtonState, type AddButtonState } from '../domain/add-button.ts';
import { orderMachine, type OrderNotice } from '../machines/order.machine.ts';
import { useSkimmer } from './context.ts';
import { useAuth } from './useAuth.ts';
import { useLatest } from './useLatest.ts';
import { useMachineNotices } from './useToasts.ts';
import { actorValues } from './actor-values.ts';

/** A line of the order, ready to show. */
export interface OrderLineView {
  id: number;
  title: string;
  productHandle: string;
  sku: string | null;
  imageUrl: string | null;
  quantity: number;
  priceText: string;
  totalText: string;
  addedAfterPlacement: boolean;
}

/** A related product with its 'Add to Order' button. */
export interface RelatedOffer {
  card: ProductCardData;
  button: AddButtonState;
  /** This product's add is in flight. */
  adding: boolean;
}

/** What {@link useOrder} returns. */
export interface OrderApi {
  /** 'checking' until the user call answers, 'redirect' (to /login.asp) when signed out. */
  gate: 'checking' | 'redirect' | 'ready';
  checkingText: string | null;
  status: 'loading' | 'loaded' | 'notFound' | 'failed';
  /** The route's order id (null when it is not a number). */
  orderId: number | null;
  title: string;
  order: Order | null;
  dateText: string;
  badge: ReturnType<typeof orderStatusBadge>;
  lines: OrderLineView[];
  totals: TotalsRow[];
  addressLines: string[];
  paymentText: string;
  /** The failure text when the order could not load. */
  errorText: string | null;
  relatedStatus: 'loading' | 'ready';
  related: RelatedOffer[];
  /** The add-to-order outcome ('You've added this product to your order. Expect hearing from us soon.' or the failure). */
  notice: OrderNotice | null;
  addToOrder(productId: number): void;
  dismissNotice(): void;
}

const orderValues = actorValues<ApiClient>('useOrder');
/** The machine with its calls, over the latest values of the hook that runs it. */
const providedOrderMachine = orderMachine.provide({
  actors: {
    fetchOrder: fromPromise(({ system, input: { orderId: id }, signal }) => orderValues.of(system).order(id, { signal })),
    fetchRelated: fromPromise(({ system, input: { productIds }, signal }) =>
      Promise.all(productIds.map((id) => orderValues.of(system).relatedProducts(id, { signal }).then((r) => r?.products ?? []))),
    ),
    addToOrder: fromPromise(({ system, input: { orderId: id, productId }, signal }) => orderValues.of(system).addRelatedProductToOrder(id, productId, { signal })),
  },
});

/**
 * The order of a route parameter. `input.returnPath` is the page a signed-out visitor comes back
 * to after signing in (the redirect's `returnTo`).
 * @example
 * const page = useOrder(params.id);
 * page.related.map((r) => <button disabled={r.button.disabled} onClick={() => page.addToOrder(r.card.id)}>{r.button.label}</button>);
 */
export function useOrder(idParam: string | undefined, input: { order?: Order; returnPath?: string | null } = {}): OrderApi {
  const { client } = useSkimmer();
  const auth = useAuth();
  const api = useLatest(client);
  const orderId = parseOrderId(idParam);
  const actor = orderValues.bind(useActorRef(providedOrderMachine, { input: { ...input, orderId, fetched: auth.fetched, user: auth.user } }), api);
  useMachineNotices(actor);
  const login = useRef({ fetched: auth.fetched, user: auth.user });
  useEffect(() => {
    if (login.current.fetched === auth.fetched && login.current.user === auth.user) return;
    login.current = { fetched: auth.fetched, user: auth.user };
    actor.send({ type: 'login.changed', fetched: auth.fetched, user: auth.user });
  }, [actor, auth.fetched, auth.user]);

  const snapshot = useSelector(actor, (s) => s);
  const c = snapshot.context;
  const gate = snapshot.matches('redirect') ? 'redirect' : snapshot.matches('checking') ? 'checking' : 'ready';
  const status = snapshot.matches('loaded') ? 'loaded' : snapshot.matches('notFound') ? 'notFound' : snapshot.matches('failed') ? 'failed' : 'loading';
  const loaded = snapshot.matches('loaded') ? (snapshot.value as { loaded: { related: string; adding: string } }).loaded : null;
  const busy = loaded !== null && loaded.adding !== 'idle';
  const order = c.order;
  const lines = useMemo(
    () =>
      (order?.lines ?? []).map((l) => ({
        id: l.id,
        title: l.title,
        productHandle: l.productHandle,
        sku: l.sku,
        imageUrl: l.imageUrl,
        quantity: l.quantity,
        priceText: formatPrice(l.unitPrice),
        totalText: orderLineTotal(l),
        addedAfterPlacement: l.addedAfterPlacement,
      })),
    [order],
  );
  const related = useMemo(
    () =>
      c.related.map((card) => ({
        card,
        button: addButtonState({ card, quantityInCart: 0, cartUpdating: false, orderMode: true, orderAddInProgress: busy }),
        adding: busy && c.addingProductId === card.id,
      })),
    [c.related, c.addingProductId, busy],
  );
  return {
    gate,
    checkingText: gate === 'checking' ? MESSAGES.checkingLogin : null,
    status,
    orderId,
    title: orderId === null ? ORDER_TEXT.notFound : ORDER_TEXT.detailTitle(orderId),
    order,
    dateText: order ? orderDateText(order.createdAt) : '',
    badge: orderStatusBadge(order?.status),
    lines,
    totals: order ? orderTotalsRows(order) : [],
    addressLines: order ? orderAddressLines(order.shippingAddress) : [],
    paymentText: order ? `${order.payment.brand} ending in ${order.payment.last4}` : '',
    errorText: status === 'failed' ? c.error : null,
    relatedStatus: loaded?.related === 'ready' ? 'ready' : 'loading',
    related,
    notice: c.notice,
    addToOrder: (productId) => actor.send({ type: 'order.add', productId }),
    dismissNotice: () => actor.send({ type: 'notice.dismiss' }),
  };
}
