-- 017: payments through a provider (the embedded test provider, or Stripe).
--
-- Portable SQL (SQLite and PostgreSQL): money as integer cents with its currency, timestamps as
-- ISO-8601 UTC text. Checkouts and orders are referenced by value, not by foreign key: a payment
-- attempt is written before its order exists (the order is placed only once the provider says
-- the payment succeeded), and the payments module owns these tables alone.

-- One row per payment attempt of a checkout: written BEFORE the provider is called, so the
-- idempotency keys of every call (derived from this row's id) survive a crash, and a retry or a
-- webhook finds the provider's payment again.
CREATE TABLE payments (
  id INTEGER PRIMARY KEY,
  checkout_id TEXT NOT NULL,
  -- 1, 2, ...: a declined attempt is closed and the next one is a new row (a new provider payment)
  attempt INTEGER NOT NULL,
  -- set once, when the order placed from the checkout records this payment
  order_id INTEGER,
  -- test | stripe
  provider TEXT NOT NULL,
  -- the provider's id (Stripe: the PaymentIntent's pi_...); null until the provider answered
  provider_payment_id TEXT,
  -- created | requires_action | authorised | captured | failed | canceled
  status TEXT NOT NULL,
  -- automatic (captured at checkout) | manual (authorised at checkout, captured at fulfilment)
  capture_method TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  currency TEXT NOT NULL,
  card_brand TEXT,
  card_last4 TEXT,
  -- confirmations sent so far: each try has its own idempotency key
  confirm_tries INTEGER NOT NULL DEFAULT 0,
  failure_message TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (checkout_id, attempt)
);
CREATE UNIQUE INDEX payments_provider_payment ON payments (provider, provider_payment_id) WHERE provider_payment_id IS NOT NULL;
CREATE INDEX payments_order ON payments (order_id);
CREATE INDEX payments_created ON payments (created_at);

-- The capture of a payment (one: a PaymentIntent is captured once, in full or in part).
CREATE TABLE payment_captures (
  id INTEGER PRIMARY KEY,
  payment_id INTEGER NOT NULL UNIQUE REFERENCES payments (id),
  -- the provider's id of the captured charge (Stripe: ch_...)
  provider_capture_id TEXT,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  created_at TEXT NOT NULL
);

-- Refunds of a payment, partial or whole: written (pending) before the provider is called, in the
-- transaction that checks the refunds stay within the captured amount.
CREATE TABLE payment_refunds (
  id INTEGER PRIMARY KEY,
  payment_id INTEGER NOT NULL REFERENCES payments (id),
  -- the caller's key for the request (a back-office click): the same request finds its refund
  request_key TEXT,
  -- the provider's id (Stripe: re_...), null until it answered
  provider_refund_id TEXT,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  -- pending | succeeded | failed
  status TEXT NOT NULL,
  reason TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX payment_refunds_payment ON payment_refunds (payment_id);
CREATE UNIQUE INDEX payment_refunds_request ON payment_refunds (payment_id, request_key) WHERE request_key IS NOT NULL;
CREATE UNIQUE INDEX payment_refunds_provider ON payment_refunds (provider_refund_id) WHERE provider_refund_id IS NOT NULL;

-- The provider's webhook events applied: a delivered event whose id is here is acknowledged and
-- skipped (providers deliver at least once, and again after any non-2xx answer).
CREATE TABLE payment_events (
  provider TEXT NOT NULL,
  event_id TEXT NOT NULL,
  type TEXT NOT NULL,
  received_at TEXT NOT NULL,
  PRIMARY KEY (provider, event_id)
);
