-- 023: the back office's operators, apart from customers: their accounts (a role each), their
-- cookie sessions (with the CSRF token of the session), one-time set-password links, scoped API
-- tokens for integrations, and the audit log of every operator write.
-- Tokens of sessions, links and API tokens are stored as their SHA-256 only. The audit log names
-- its actor by id without a foreign key, so the history outlives a removed operator or token.

CREATE TABLE operators (
  id INTEGER PRIMARY KEY,
  -- stored lower-cased and trimmed, like a customer's
  email TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'staff', 'fulfilment')),
  -- null until the operator sets one with a link
  password_hash TEXT,
  -- base32 TOTP secret: pending until a first code confirms it, then enabled
  totp_secret TEXT,
  totp_enabled INTEGER NOT NULL DEFAULT 0,
  -- the last time step a code was accepted for, so a code is used once
  totp_last_step INTEGER NOT NULL DEFAULT 0,
  disabled_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE operator_sessions (
  id INTEGER PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  operator_id INTEGER NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  -- sent back in X-CSRF-Token on every write; useless without the HttpOnly cookie
  csrf_token TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);

CREATE TABLE operator_links (
  id INTEGER PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  operator_id INTEGER NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);

CREATE TABLE operator_api_tokens (
  id INTEGER PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  -- comma-separated permissions (catalogue, orders, customers, dashboard)
  scopes TEXT NOT NULL,
  created_by INTEGER,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  -- operator, token or bootstrap (ADMIN_TOKEN)
  actor_kind TEXT NOT NULL,
  actor_id INTEGER,
  action TEXT NOT NULL,
  route TEXT NOT NULL,
  entity TEXT NOT NULL,
  entity_id TEXT,
  before_json TEXT,
  after_json TEXT
);
CREATE INDEX audit_log_at ON audit_log (at);
CREATE INDEX audit_log_entity ON audit_log (entity, at);
CREATE INDEX audit_log_actor ON audit_log (actor_kind, actor_id, at);
