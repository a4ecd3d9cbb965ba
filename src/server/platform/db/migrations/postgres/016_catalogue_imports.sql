-- 016: catalogue imports started through the operators' API.
-- PostgreSQL twin of ../016_catalogue_imports.sql. A row a job: its file's format, its state
-- (queued, running, done, failed), the rows and bytes read so far, and the report an operator
-- reads (JSON) or the one fatal error. Kept in the database, not in a process, so any process of
-- the store answers `GET /api/admin/imports/{id}` once the import has ended.

CREATE TABLE catalogue_imports (
  id TEXT PRIMARY KEY,
  format TEXT NOT NULL,
  dry_run INTEGER NOT NULL,
  status TEXT NOT NULL,
  rows_read BIGINT NOT NULL DEFAULT 0,
  bytes_read BIGINT NOT NULL DEFAULT 0,
  bytes_total BIGINT NOT NULL,
  report TEXT,
  error TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT
);
