/**
 * The order pages (/orders.asp and /account/orders/:id): the customer's order
 * list, or one order with its related products and 'Add to Order', each with its SEO title,
 * canonical URL and breadcrumbs. Both send a signed-out visitor to /login.asp (through the
 * hooks), to come back to the same page after signing in.
 * @module
 */
import { useLocation, useParams } from 'react-router-dom';
import { ACCOUNT_PATH } from '../../../domain/chrome.ts';
import { ORDER_TEXT, ORDERS_PATH, orderPath, parseOrderId } from '../../../domain/orders.ts';
import { AccountHead } from './account-head.tsx';
import { OrderDetail } from '../../../ui/orders/OrderDetail.tsx';
import { OrderList } from '../../../ui/orders/OrderList.tsx';
import { ShopperPage } from '../page-kit.tsx';

function ListPage({ returnPath }: { returnPath: string }) {
  return (
    <div className="container account-page">
      <AccountHead title={ORDER_TEXT.listTitle} canonicalPath={ORDERS_PATH} crumbs={[{ title: 'My account', url: ACCOUNT_PATH }, { title: ORDER_TEXT.listTitle }]} />
      <OrderList returnPath={returnPath} />
    </div>
  );
}

function DetailPage({ id, returnPath }: { id: string; returnPath: string }) {
  const orderId = parseOrderId(id);
  const title = orderId === null ? ORDER_TEXT.notFound : ORDER_TEXT.detailTitle(orderId);
  return (
    <div className="container account-page">
      <AccountHead
        title={title}
        canonicalPath={orderId === null ? ORDERS_PATH : orderPath(orderId)}
        crumbs={[{ title: 'My account', url: ACCOUNT_PATH }, { title: ORDER_TEXT.listTitle, url: ORDERS_PATH }, { title }]}
      />
      {/* keyed on the id: another order starts its own machine */}
      <OrderDetail key={id} id={id} returnPath={returnPath} />
    </div>
  );
}

/**
 * The /orders.asp and /account/orders/:id routes.
 * @example <Route path="/account/orders/:id" element={<OrdersPage />} />
 */
export default function OrdersPage() {
  const { id } = useParams();
  const { pathname, search } = useLocation();
  const returnPath = pathname + search;
  return <ShopperPage>{id === undefined ? <ListPage returnPath={returnPath} /> : <DetailPage id={id} returnPath={returnPath} />}</ShopperPage>;
}
