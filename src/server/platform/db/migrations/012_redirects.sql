-- 012: old addresses kept. `redirects` holds the operator's own redirects (a CSV of from,to):
-- `from_key` is the old address as matched (path lower-cased, without a trailing slash, with its
-- query string when the operator wrote one), `to_url` where it leads (a path of the store or an
-- absolute URL), already collapsed so that no stored redirect leads to another one.
-- `legacy_categories` maps another platform's category id to the collection it became, for the
-- categories whose id was not free when they were imported (the others keep their id).
-- The lower-case indexes find a product by an old product code whatever its case.

CREATE TABLE redirects (
  from_key TEXT PRIMARY KEY,
  from_path TEXT NOT NULL,
  to_url TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE legacy_categories (
  legacy_id INTEGER PRIMARY KEY,
  collection_id INTEGER NOT NULL
);

CREATE INDEX variants_sku_lower ON variants (LOWER(sku));
CREATE INDEX products_sku_lower ON products (LOWER(sku));
CREATE INDEX products_code_lower ON products (LOWER(product_code));
