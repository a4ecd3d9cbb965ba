-- 027: the back office's orders: fulfilments with carrier and tracking, refunds through
-- the order's payment provider, returns with their reason, restock and restocking fee, notes;
-- the order's statuses the list filters by; what the list searches; bins on stock levels.
--
-- An order's statuses are kept on its row for the list (state: open | cancelled; payment_status:
-- authorised | paid | partially_refunded | refunded | voided; fulfilment_status: unfulfilled |
-- partially_fulfilled | fulfilled | partially_returned | returned), written by the operations
-- from the domain's rules (src/domain/order-operations) in the operation's transaction. The
-- line counters are what those rules read; every change to them is a conditional update that
-- keeps the counter within its bound, so two operators acting at once cannot ship or refund twice.

ALTER TABLE orders ADD COLUMN state TEXT NOT NULL DEFAULT 'open';
ALTER TABLE orders ADD COLUMN payment_status TEXT NOT NULL DEFAULT 'paid';
ALTER TABLE orders ADD COLUMN fulfilment_status TEXT NOT NULL DEFAULT 'unfulfilled';
ALTER TABLE orders ADD COLUMN cancelled_at TEXT;
ALTER TABLE orders ADD COLUMN cancel_reason TEXT;
-- lower-cased email, name, company and SKUs of the order (written by the triggers below): the list's text search
ALTER TABLE orders ADD COLUMN search_text TEXT NOT NULL DEFAULT '';

ALTER TABLE order_lines ADD COLUMN fulfilled_quantity INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN returning_quantity INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN returned_quantity INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN refunded_quantity INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN restocked_quantity INTEGER NOT NULL DEFAULT 0;

-- where a level's units sit in the warehouse (the packing slip shows it when set)
ALTER TABLE inventory_levels ADD COLUMN bin_location TEXT;

CREATE TABLE order_fulfilments (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  -- ups | usps | fedex | dhl | other
  carrier TEXT NOT NULL,
  -- the carrier's name as the shopper reads it (the operator's, for 'other')
  carrier_name TEXT NOT NULL,
  tracking_number TEXT NOT NULL,
  tracking_url TEXT,
  shipped_at TEXT NOT NULL,
  actor_kind TEXT NOT NULL,
  actor_id INTEGER,
  -- the request's key: the same request sent again finds this fulfilment
  idempotency_key TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (order_id, idempotency_key)
);
CREATE INDEX order_fulfilments_order ON order_fulfilments (order_id);

CREATE TABLE order_fulfilment_lines (
  fulfilment_id INTEGER NOT NULL REFERENCES order_fulfilments (id),
  order_line_id INTEGER NOT NULL REFERENCES order_lines (id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (fulfilment_id, order_line_id)
);

CREATE TABLE order_returns (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  -- authorised | received
  status TEXT NOT NULL CHECK (status IN ('authorised', 'received')),
  reason TEXT NOT NULL,
  restocking_fee_percent INTEGER NOT NULL DEFAULT 0 CHECK (restocking_fee_percent BETWEEN 0 AND 100),
  -- a freight item comes back: the buyer books and pays the return freight
  buyer_pays_freight INTEGER NOT NULL DEFAULT 0,
  -- set at receipt
  restocked INTEGER,
  fee_cents INTEGER,
  refund_cents INTEGER,
  authorised_at TEXT NOT NULL,
  received_at TEXT,
  actor_kind TEXT NOT NULL,
  actor_id INTEGER,
  idempotency_key TEXT NOT NULL,
  UNIQUE (order_id, idempotency_key)
);
CREATE INDEX order_returns_order ON order_returns (order_id);

CREATE TABLE order_return_lines (
  return_id INTEGER NOT NULL REFERENCES order_returns (id),
  order_line_id INTEGER NOT NULL REFERENCES order_lines (id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  opened INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (return_id, order_line_id)
);

-- A refund the back office asked for: written (pending) in the transaction that checks it, then
-- sent through the payments module with the request key 'order-refund:{id}' (its provider call's
-- idempotency key derives from that), then marked succeeded or failed.
CREATE TABLE order_refunds (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  -- manual | cancel | return
  kind TEXT NOT NULL,
  return_id INTEGER REFERENCES order_returns (id),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  reason TEXT,
  -- pending | succeeded | failed
  status TEXT NOT NULL,
  provider_refund_id TEXT,
  -- the payments module's refund row, once it answered
  payment_refund_id INTEGER,
  failure TEXT,
  actor_kind TEXT NOT NULL,
  actor_id INTEGER,
  idempotency_key TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (order_id, idempotency_key)
);
CREATE INDEX order_refunds_order ON order_refunds (order_id);

CREATE TABLE order_refund_lines (
  refund_id INTEGER NOT NULL REFERENCES order_refunds (id),
  order_line_id INTEGER NOT NULL REFERENCES order_lines (id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  amount_cents INTEGER NOT NULL,
  PRIMARY KEY (refund_id, order_line_id)
);

CREATE TABLE order_notes (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  body TEXT NOT NULL,
  actor_kind TEXT NOT NULL,
  actor_id INTEGER,
  created_at TEXT NOT NULL
);
CREATE INDEX order_notes_order ON order_notes (order_id);

-- the list: newest first by the time of placing (keyset paging on created_at and id), each
-- status filter with its own index in that order, a SKU in any case
CREATE INDEX orders_created ON orders (created_at, id);
CREATE INDEX orders_state ON orders (state, created_at, id);
CREATE INDEX orders_payment_status ON orders (payment_status, created_at, id);
CREATE INDEX orders_fulfilment_status ON orders (fulfilment_status, created_at, id);
CREATE INDEX order_lines_sku ON order_lines (lower(sku), order_id);

-- the text an order is found by, indexed by trigrams: any part of three characters or more of its
-- email, name, company or SKUs finds it without reading every order (rowid = the order's id)
CREATE VIRTUAL TABLE order_search USING fts5(search_text, tokenize = 'trigram');

-- A placed order's search text and, when its payment is only authorised (captured at
-- fulfilment), its payment status: whoever inserts the order (the checkout, an import, a test).
CREATE TRIGGER orders_placed AFTER INSERT ON orders
BEGIN
  UPDATE orders SET
    search_text = lower(
      NEW.email || ' ' ||
      CASE WHEN json_valid(NEW.shipping_address_json) THEN
        COALESCE(json_extract(NEW.shipping_address_json, '$.firstName'), '') || ' ' ||
        COALESCE(json_extract(NEW.shipping_address_json, '$.lastName'), '') || ' ' ||
        COALESCE(json_extract(NEW.shipping_address_json, '$.company'), '')
      ELSE '' END),
    payment_status = CASE WHEN EXISTS (
      SELECT 1 FROM payments p WHERE p.provider = NEW.payment_provider AND p.provider_payment_id = NEW.payment_token AND p.status = 'authorised'
    ) THEN 'authorised' ELSE payment_status END
  WHERE id = NEW.id;
  INSERT INTO order_search (rowid, search_text) SELECT id, search_text FROM orders WHERE id = NEW.id;
END;

-- each line's SKU joins its order's search text (a line added after placing too)
CREATE TRIGGER order_lines_placed AFTER INSERT ON order_lines
WHEN NEW.sku IS NOT NULL AND NEW.sku <> ''
BEGIN
  UPDATE orders SET search_text = search_text || ' ' || lower(NEW.sku) WHERE id = NEW.order_id;
  UPDATE order_search SET search_text = (SELECT search_text FROM orders WHERE id = NEW.order_id) WHERE rowid = NEW.order_id;
END;

CREATE TRIGGER orders_removed AFTER DELETE ON orders
BEGIN
  DELETE FROM order_search WHERE rowid = OLD.id;
END;

-- the orders placed before this migration
UPDATE orders SET search_text = lower(
  email || ' ' ||
  CASE WHEN json_valid(shipping_address_json) THEN
    COALESCE(json_extract(shipping_address_json, '$.firstName'), '') || ' ' ||
    COALESCE(json_extract(shipping_address_json, '$.lastName'), '') || ' ' ||
    COALESCE(json_extract(shipping_address_json, '$.company'), '')
  ELSE '' END);
UPDATE orders SET search_text = search_text || COALESCE(
  (SELECT ' ' || group_concat(lower(ol.sku), ' ') FROM order_lines ol WHERE ol.order_id = orders.id AND ol.sku IS NOT NULL AND ol.sku <> ''), '');
INSERT INTO order_search (rowid, search_text) SELECT id, search_text FROM orders;
UPDATE orders SET payment_status = 'authorised'
WHERE EXISTS (SELECT 1 FROM payments p WHERE p.order_id = orders.id AND p.status = 'authorised');
UPDATE orders SET payment_status = 'voided'
WHERE EXISTS (SELECT 1 FROM payments p WHERE p.order_id = orders.id AND p.status = 'canceled');
UPDATE orders SET payment_status = CASE
    WHEN (SELECT COALESCE(SUM(r.amount_cents), 0) FROM payment_refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = orders.id AND r.status = 'succeeded')
      >= (SELECT COALESCE(SUM(c.amount_cents), 0) FROM payment_captures c JOIN payments p ON p.id = c.payment_id WHERE p.order_id = orders.id)
    THEN 'refunded' ELSE 'partially_refunded' END
WHERE EXISTS (SELECT 1 FROM payment_refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = orders.id AND r.status = 'succeeded');
