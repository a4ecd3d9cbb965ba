-- 028: call-for-price products. A product the store quotes by phone carries a flag
-- rather than being read from a price of 0: it shows 'Call for price' and a way to reach the
-- store, takes part in no price filter or price sort, and the cart refuses it. A price of 0
-- without the flag is a price (the store's zero-price wording).

ALTER TABLE products ADD COLUMN call_for_price INTEGER NOT NULL DEFAULT 0;
