/**
 * The order pages (spec section 2: /orders.asp and /account/orders/:id): the customer's order
 * list, or one order with its related products and 'Add to Order'. Both send a signed-out
 * visitor to /login.asp (through the hooks).
 * @module
 */
import { useParams } from 'react-router-dom';
import { ORDER_TEXT, ORDERS_PATH, parseOrderId } from '../../../domain/orders.ts';
import { pageTitle } from '../../../domain/product-page.ts';
import { useStoreConfig } from '../../../hooks/SkimmerProvider.tsx';
import { OrderDetail } from '../../../ui/orders/OrderDetail.tsx';
import { OrderList } from '../../../ui/orders/OrderList.tsx';
import { Breadcrumbs } from '../../../ui/shell/Breadcrumbs.tsx';
import { ShopperPage, useDocumentTitle } from '../page-kit.tsx';

function ListPage() {
  const store = useStoreConfig();
  useDocumentTitle(pageTitle(ORDER_TEXT.listTitle, store.storeName));
  return (
    <div className="container account-page">
      <Breadcrumbs items={[{ title: 'My account', url: '/myaccount.asp' }, { title: ORDER_TEXT.listTitle }]} />
      <h1>{ORDER_TEXT.listTitle}</h1>
      <OrderList />
    </div>
  );
}

function DetailPage({ id }: { id: string }) {
  const store = useStoreConfig();
  const orderId = parseOrderId(id);
  const title = orderId === null ? ORDER_TEXT.notFound : ORDER_TEXT.detailTitle(orderId);
  useDocumentTitle(pageTitle(title, store.storeName));
  return (
    <div className="container account-page">
      <Breadcrumbs items={[{ title: 'My account', url: '/myaccount.asp' }, { title: ORDER_TEXT.listTitle, url: ORDERS_PATH }, { title }]} />
      <h1>{title}</h1>
      {/* keyed on the id: another order starts its own machine */}
      <OrderDetail key={id} id={id} />
    </div>
  );
}

/**
 * The /orders.asp and /account/orders/:id routes.
 * @example <Route path="/account/orders/:id" element={<OrdersPage />} />
 */
export default function OrdersPage() {
  const { id } = useParams();
  return <ShopperPage>{id === undefined ? <ListPage /> : <DetailPage id={id} />}</ShopperPage>;
}
