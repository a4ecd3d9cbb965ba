-- 011: mail decided after the answer.
-- PostgreSQL twin of ../011_mail_jobs.sql. A request that must not tell whether an address has an
-- account (registration, password reset, account recovery) stores the same one outbox row either
-- way: a job (its input as JSON in `job`, subject and text still empty). The outbox's worker then
-- composes it in a transaction of its own (it creates the account, issues the link, or drops the
-- row when there is nothing to send) and clears `job`; only a composed row is ever sent or listed.

ALTER TABLE email_outbox ADD COLUMN job TEXT;
-- the worker's queue, and sign-in's look for a registration still to compose for one address
CREATE INDEX email_outbox_jobs ON email_outbox (to_address, id) WHERE job IS NOT NULL;
