-- 019: mail that could not be delivered is tried again with backoff. A failed attempt records
-- when the next may be made (next_attempt_at, ISO-8601 UTC; NULL: at once); a sender claims only
-- messages whose time has come, so a mail server that is down is asked less and less often
-- instead of at every flush, and no message is given up within minutes.

ALTER TABLE email_outbox ADD COLUMN next_attempt_at TEXT;
