-- 025 (PostgreSQL twin of ../025_wallet_provider.sql): the wallet's cards at the payment provider. With PAYMENT_PROVIDER=stripe a saved card is a
-- PaymentMethod of the shopper's Stripe Customer: the store keeps only the PaymentMethod's id (in
-- payment_methods.processor_token), its brand, last four and expiry, and which provider holds it
-- (cards saved with the embedded test provider are 'test', as every card saved before). A card is
-- offered at checkout only by the provider that holds it.
--
-- The tries columns count the calls sent to the provider (each committed before it is sent):
-- every try has an idempotency key of its own, derived from our ids, because a provider stores a
-- failed answer (a 500) under its key and would answer it again to a retry under the same key.

ALTER TABLE payment_methods ADD COLUMN provider TEXT NOT NULL DEFAULT 'test';
-- detachments sent to the provider for this card (deleting it from the wallet detaches it first)
ALTER TABLE payment_methods ADD COLUMN detach_tries INTEGER NOT NULL DEFAULT 0;

-- The shopper's customer at a provider (Stripe: cus_...), created the first time they save a card
-- there; one per shopper and provider. The row is written before the first creation is sent, and
-- the provider's id once it answered.
CREATE TABLE payment_customers (
  customer_id BIGINT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  provider_customer_id TEXT,
  create_tries INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  PRIMARY KEY (customer_id, provider)
);
CREATE UNIQUE INDEX payment_customers_provider ON payment_customers (provider, provider_customer_id) WHERE provider_customer_id IS NOT NULL;
