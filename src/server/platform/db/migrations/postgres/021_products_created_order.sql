-- PostgreSQL twin of ../021_products_created_order.sql.
-- 021: products in creation order, the order a catalogue export pages through (a keyset page:
-- the next 500 after the last one's created_order and id). Without it every page sorted the
-- whole products table again.

CREATE INDEX products_created_order ON products (created_order, id);
