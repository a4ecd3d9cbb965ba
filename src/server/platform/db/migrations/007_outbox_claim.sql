-- 007: the email outbox claimed before sending, for a store of many processes. A sender claims a
-- batch of unsent messages (claimed_by: its instance, claimed_until: the lease's end, ISO-8601
-- UTC) in one transaction (on PostgreSQL with FOR UPDATE SKIP LOCKED), so two processes never
-- send the same message; a claim left by a process that died runs out and the message is
-- claimed again.

ALTER TABLE email_outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE email_outbox ADD COLUMN claimed_until TEXT;
