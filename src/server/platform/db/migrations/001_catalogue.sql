-- 001: the catalogue (collections, vendors, products and everything hanging off a product).
-- Portable SQL: INTEGER ids given explicitly by writers, booleans as 0/1, money as integer cents,
-- timestamps as ISO-8601 UTC text. No SQLite-only syntax.

CREATE TABLE collections (
  id INTEGER PRIMARY KEY,
  handle TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  parent_id INTEGER REFERENCES collections (id),
  level INTEGER NOT NULL,
  position INTEGER NOT NULL DEFAULT 0,
  seo_title TEXT,
  seo_description TEXT,
  is_indexed INTEGER NOT NULL DEFAULT 1,
  description_html TEXT,
  image_url TEXT,
  -- what the generated collection image draws (pump, filter, jar ...) and its hue
  image_shape TEXT,
  image_hue INTEGER
);
CREATE INDEX collections_parent ON collections (parent_id);

CREATE TABLE vendors (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  handle TEXT NOT NULL UNIQUE
);

CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  handle TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  sku TEXT,
  product_code TEXT,
  vendor_id INTEGER REFERENCES vendors (id),
  -- pounds
  weight REAL,
  price_cents INTEGER NOT NULL,
  compare_at_price_cents INTEGER,
  description_html TEXT,
  seo_title TEXT,
  seo_description TEXT,
  is_indexed INTEGER NOT NULL DEFAULT 1,
  is_featured INTEGER NOT NULL DEFAULT 0,
  sales_count INTEGER NOT NULL DEFAULT 0,
  -- order of creation; id_asc / id_desc sort on id, this keeps the "new products" story explicit
  created_order INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX products_vendor ON products (vendor_id);

CREATE TABLE product_options (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id),
  name TEXT NOT NULL,
  position INTEGER NOT NULL
);
CREATE INDEX product_options_product ON product_options (product_id);

CREATE TABLE option_values (
  id INTEGER PRIMARY KEY,
  option_id INTEGER NOT NULL REFERENCES product_options (id),
  value TEXT NOT NULL,
  position INTEGER NOT NULL
);
CREATE INDEX option_values_option ON option_values (option_id);

CREATE TABLE variants (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id),
  title TEXT NOT NULL,
  position INTEGER NOT NULL,
  sku TEXT,
  price_cents INTEGER NOT NULL,
  compare_at_price_cents INTEGER
);
CREATE INDEX variants_product ON variants (product_id);

CREATE TABLE variant_selected_options (
  variant_id INTEGER NOT NULL REFERENCES variants (id),
  option_id INTEGER NOT NULL REFERENCES product_options (id),
  option_value_id INTEGER NOT NULL REFERENCES option_values (id),
  PRIMARY KEY (variant_id, option_id)
);

CREATE TABLE inventory_levels (
  id INTEGER PRIMARY KEY,
  variant_id INTEGER NOT NULL REFERENCES variants (id),
  location TEXT NOT NULL,
  position INTEGER NOT NULL,
  price_cents INTEGER NOT NULL,
  compare_at_price_cents INTEGER,
  quantity INTEGER NOT NULL,
  available_for_sale INTEGER NOT NULL,
  bypass_negative_quantity INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX inventory_levels_variant ON inventory_levels (variant_id);

CREATE TABLE tags (
  id INTEGER PRIMARY KEY,
  prefix TEXT NOT NULL,
  value TEXT NOT NULL,
  UNIQUE (prefix, value)
);

CREATE TABLE product_tags (
  product_id INTEGER NOT NULL REFERENCES products (id),
  tag_id INTEGER NOT NULL REFERENCES tags (id),
  PRIMARY KEY (product_id, tag_id)
);
CREATE INDEX product_tags_tag ON product_tags (tag_id);

CREATE TABLE product_collections (
  product_id INTEGER NOT NULL REFERENCES products (id),
  collection_id INTEGER NOT NULL REFERENCES collections (id),
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, collection_id)
);
CREATE INDEX product_collections_collection ON product_collections (collection_id);

CREATE TABLE product_images (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id),
  position INTEGER NOT NULL,
  url TEXT NOT NULL,
  alt_text TEXT,
  -- what the generated image draws and its hue
  shape TEXT NOT NULL,
  hue INTEGER NOT NULL
);
CREATE INDEX product_images_product ON product_images (product_id);

CREATE TABLE model3ds (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id),
  url TEXT NOT NULL,
  poster_url TEXT NOT NULL,
  shape TEXT NOT NULL,
  hue INTEGER NOT NULL
);
CREATE INDEX model3ds_product ON model3ds (product_id);

CREATE TABLE pdfs (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id),
  url TEXT NOT NULL,
  local_filename TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL
);
CREATE INDEX pdfs_product ON pdfs (product_id);

CREATE TABLE product_reviews (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id),
  stars_rating INTEGER NOT NULL,
  title TEXT,
  body TEXT,
  author TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX product_reviews_product ON product_reviews (product_id);

CREATE TABLE product_questions (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id),
  question TEXT NOT NULL,
  asked_by TEXT NOT NULL,
  answer TEXT,
  answered_by TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX product_questions_product ON product_questions (product_id);

CREATE TABLE related_products (
  product_id INTEGER NOT NULL REFERENCES products (id),
  related_product_id INTEGER NOT NULL REFERENCES products (id),
  position INTEGER NOT NULL,
  PRIMARY KEY (product_id, related_product_id)
);
