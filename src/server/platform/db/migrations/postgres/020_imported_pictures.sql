-- PostgreSQL twin of ../020_imported_pictures.sql (bytes as BYTEA).
-- 020: pictures brought in by a catalogue import (an image file beside the file, or a URL the
-- import fetched). The picture is kept in the database, not on one machine's disk, so every
-- process of the store serves it at the store's own /media/images/{id}-{width}.png (sized by the
-- media route and cached under DATA_DIR/media-cache like the drawings). `media_files` holds each
-- picture once, by the SHA-256 of its stored bytes (the import stores it re-encoded, at most
-- 1600 px, metadata stripped). On `product_images`, `file_hash` names the stored picture (NULL: a
-- drawn picture) and `source` the URL or path the file gave, which a later import compares so
-- the same file imported again fetches nothing and changes nothing.

CREATE TABLE media_files (
  hash TEXT PRIMARY KEY,
  content_type TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  bytes BYTEA NOT NULL,
  created_at TEXT NOT NULL
);

ALTER TABLE product_images ADD COLUMN source TEXT;
ALTER TABLE product_images ADD COLUMN file_hash TEXT REFERENCES media_files (hash);
CREATE INDEX product_images_file ON product_images (file_hash);
