-- 029: discount codes the operators manage: a start as well as an end, a total number
-- of uses and the uses so far, one use per IP address as well as per customer, paused, and when
-- each code was made and last changed; the address a shopper applied a code from; and one row
-- per order that used a code (the redemptions), whose unique keys make "one use per customer"
-- and "one use per IP" hold when two orders are placed at once.
--
-- The storefront reads a code in effect only: not paused, started, not ended, uses below the
-- limit (commerce/discounts.ts). Placing an order counts its codes' uses with one conditional
-- update each (uses < max_uses), so two shoppers taking the last use: one wins.

ALTER TABLE discount_codes ADD COLUMN starts_at TEXT;
-- null: no limit
ALTER TABLE discount_codes ADD COLUMN max_uses INTEGER;
ALTER TABLE discount_codes ADD COLUMN uses INTEGER NOT NULL DEFAULT 0;
-- 1: one placed order per IP address (the address the code was applied from)
ALTER TABLE discount_codes ADD COLUMN once_per_ip INTEGER NOT NULL DEFAULT 0;
ALTER TABLE discount_codes ADD COLUMN paused_at TEXT;
ALTER TABLE discount_codes ADD COLUMN created_at TEXT;
ALTER TABLE discount_codes ADD COLUMN updated_at TEXT;

-- the exit popup's code (the one code once per customer) promises 'One Redemption Per Account/IP Address Only'
UPDATE discount_codes SET once_per_ip = 1 WHERE once_per_customer = 1;
-- the uses so far: the orders placed with each code (orders.discount_codes lists the codes that applied)
UPDATE discount_codes SET uses = (
  SELECT COUNT(*) FROM orders o WHERE instr(',' || o.discount_codes || ',', ',' || discount_codes.code || ',') > 0
);

ALTER TABLE checkout_discount_codes ADD COLUMN applied_ip TEXT;

CREATE TABLE discount_redemptions (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL REFERENCES discount_codes (code),
  order_id INTEGER NOT NULL REFERENCES orders (id),
  customer_id INTEGER,
  ip TEXT,
  -- the customer when the code is once per customer, else null (nulls never collide)
  customer_key INTEGER,
  -- the IP address when the code is once per IP, else null
  ip_key TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (order_id, code),
  UNIQUE (code, customer_key),
  UNIQUE (code, ip_key)
);
CREATE INDEX discount_redemptions_ip ON discount_redemptions (code, ip);
