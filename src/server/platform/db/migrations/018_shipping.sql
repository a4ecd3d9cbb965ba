-- 018: shipping, delivery dates, sales tax and product notices.
-- Every variant has a ship profile the quote reads: its class (parcel, oversize, freight,
-- hazmat-ground), its packed weight in pounds (NULL: the product's `weight`), its packed size in
-- inches, the LTL class of freight, the hazard group of a chemical (hypochlorite, isocyanurate,
-- acid, other; it keeps incompatible chemicals apart), the business days it needs before it
-- leaves, and whether sales tax applies. Operators edit them like any other variant column.
-- A product carries its notices as a JSON array of the domain's ProductNotice: Proposition 65
-- (chemicals per endpoint), hazardous-material handling, not returnable once opened.
-- An order keeps its sales tax and the whole quote it was charged by (shipments, service,
-- dates, tax lines), so the order page and the mail show what was promised at the time.

ALTER TABLE variants ADD COLUMN ship_class TEXT NOT NULL DEFAULT 'parcel';
ALTER TABLE variants ADD COLUMN weight_lb REAL;
ALTER TABLE variants ADD COLUMN length_in REAL;
ALTER TABLE variants ADD COLUMN width_in REAL;
ALTER TABLE variants ADD COLUMN height_in REAL;
ALTER TABLE variants ADD COLUMN freight_class REAL;
ALTER TABLE variants ADD COLUMN hazard_group TEXT;
ALTER TABLE variants ADD COLUMN handling_days INTEGER NOT NULL DEFAULT 0;
ALTER TABLE variants ADD COLUMN taxable INTEGER NOT NULL DEFAULT 1;

ALTER TABLE products ADD COLUMN notices_json TEXT;

ALTER TABLE orders ADD COLUMN tax_cents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN shipping_quote_json TEXT;
