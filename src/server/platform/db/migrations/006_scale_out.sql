-- 006: several server processes on one database.
--
-- visits.instance_id: the process that holds a visit's socket, so a starting or stopping
-- process closes only its own open visits (a visit of another process stays open). Rows
-- written before this migration have none; they are closed by the next process that starts.
--
-- catalogue_log: the catalogue change feed's version. Every catalogue write (stock after an
-- order, prices, products) appends one row with the product ids it touched (JSON array);
-- `version` is the log's row number. A process that missed a Redis message reads the rows past
-- the last version it applied. Old rows are trimmed (a process further behind rebuilds its
-- index from the catalogue).

ALTER TABLE visits ADD COLUMN instance_id TEXT;
CREATE INDEX visits_open_instance ON visits (instance_id, ended_at);

CREATE TABLE catalogue_log (
  version INTEGER PRIMARY KEY,
  product_ids TEXT NOT NULL,
  created_at TEXT NOT NULL
);
