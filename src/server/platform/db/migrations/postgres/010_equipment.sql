-- 010: parts that fit. Equipment models (a pump, a filter ... of a brand), their
-- exploded-view diagrams with numbered callouts naming catalogue products, which products fit
-- which models, the numbers a product is known by, and which product replaced which.
-- Written by the generator (src/server/seed/equipment.ts); read by src/server/repositories/equipment.ts.

CREATE TABLE equipment (
  id BIGINT PRIMARY KEY,
  handle TEXT NOT NULL UNIQUE,
  vendor_id BIGINT NOT NULL REFERENCES vendors (id),
  series TEXT NOT NULL,
  model TEXT NOT NULL,
  -- pump, filter, heater, heat-pump, salt-system, cleaner, automation, light, valve, skimmer
  type TEXT NOT NULL,
  year_from BIGINT NOT NULL,
  year_to BIGINT,
  -- the picture's colour (drawn on request, like the product pictures)
  image_hue BIGINT NOT NULL
);
CREATE INDEX equipment_vendor ON equipment (vendor_id);

-- model numbers: position 0 is the primary number, the others its aliases; `normalized` is
-- the number folded to lower-case letters and digits (search/text.ts normalizePartNumber), how a query is read
CREATE TABLE equipment_numbers (
  equipment_id BIGINT NOT NULL REFERENCES equipment (id) ON DELETE CASCADE,
  position BIGINT NOT NULL,
  number TEXT NOT NULL,
  normalized TEXT NOT NULL,
  PRIMARY KEY (equipment_id, position)
);
CREATE INDEX equipment_numbers_normalized ON equipment_numbers (normalized);

CREATE TABLE diagrams (
  id BIGINT PRIMARY KEY,
  equipment_id BIGINT NOT NULL REFERENCES equipment (id) ON DELETE CASCADE,
  position BIGINT NOT NULL,
  title TEXT NOT NULL,
  width BIGINT NOT NULL,
  height BIGINT NOT NULL
);
CREATE INDEX diagrams_equipment ON diagrams (equipment_id, position);

-- a numbered callout: the part's drawing sits at (part_x, part_y) with a leader line to its
-- numbered circle at (x, y); `shape` is what the drawing draws (the product's kind of part)
CREATE TABLE diagram_callouts (
  diagram_id BIGINT NOT NULL REFERENCES diagrams (id) ON DELETE CASCADE,
  number BIGINT NOT NULL,
  product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  quantity BIGINT NOT NULL,
  x DOUBLE PRECISION NOT NULL,
  y DOUBLE PRECISION NOT NULL,
  part_x DOUBLE PRECISION NOT NULL,
  part_y DOUBLE PRECISION NOT NULL,
  shape TEXT NOT NULL,
  PRIMARY KEY (diagram_id, number)
);
CREATE INDEX diagram_callouts_product ON diagram_callouts (product_id);

-- which products fit which model: every callout's product, plus universal parts (gaskets,
-- o-rings) that fit the model's whole series (universal = 1)
CREATE TABLE equipment_fitment (
  equipment_id BIGINT NOT NULL REFERENCES equipment (id) ON DELETE CASCADE,
  product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  universal BIGINT NOT NULL,
  PRIMARY KEY (equipment_id, product_id)
);
CREATE INDEX equipment_fitment_product ON equipment_fitment (product_id);

-- kind: oem, aftermarket, supersedes (an old number the product replaces)
CREATE TABLE product_part_numbers (
  product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position BIGINT NOT NULL,
  number TEXT NOT NULL,
  normalized TEXT NOT NULL,
  kind TEXT NOT NULL,
  PRIMARY KEY (product_id, position)
);
CREATE INDEX product_part_numbers_normalized ON product_part_numbers (normalized);

-- a replaced product and its replacement
CREATE TABLE product_supersessions (
  product_id BIGINT PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  replaced_by_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE
);

-- My equipment of a signed-in customer
CREATE TABLE customer_equipment (
  customer_id BIGINT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  equipment_id BIGINT NOT NULL REFERENCES equipment (id) ON DELETE CASCADE,
  saved_at TEXT NOT NULL,
  PRIMARY KEY (customer_id, equipment_id)
);
