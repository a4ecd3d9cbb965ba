-- PostgreSQL twin of ../022_checkout_payment_details.sql.
-- 022: what an order is placed from once its payment succeeds. The payment is confirmed before
-- the order exists (by the shopper's return from the provider or by the provider's webhook,
-- whichever comes first), so everything the order needs besides the cart is written on the
-- checkout before the shopper pays: the shipping address and the shipping choices (the email
-- column exists since 004). `payment_method_id` is the wallet's saved card the shopper chose
-- (its brand and last four are the receipt's when the provider does not report the card).
-- An order records which provider took the money; `payment_token` holds that provider's payment
-- id (tp_... for the test provider, Stripe's pi_...). Orders placed before keep 'test'.

ALTER TABLE checkouts ADD COLUMN shipping_address_json TEXT;
ALTER TABLE checkouts ADD COLUMN shipping_choice_json TEXT;
ALTER TABLE checkouts ADD COLUMN payment_method_id INTEGER;

ALTER TABLE orders ADD COLUMN payment_provider TEXT NOT NULL DEFAULT 'test';
