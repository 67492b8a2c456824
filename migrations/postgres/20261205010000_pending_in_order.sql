-- Small, fast tables for ever (issue 23).
--
-- The claim walks the pending posts in order (`ORDER BY id`, keeping to
-- each queue's order) and stops at the first few due. On `outbox_pending`
-- (by `held_until`) SQLite, with no statistics, preferred walking the whole
-- table by id, a million delivered rows included: the pending posts get
-- their own index in id order. It replaces `outbox_pending`, which no
-- query needs any more; with `held_until` in no index, PostgreSQL can
-- update a post's hold (a claim, a renewal, a retry's backoff) in place,
-- without a new entry in every index.
CREATE INDEX outbox_pending_in_order ON outbox (id)
    WHERE delivered_at IS NULL AND failed IS NULL;
DROP INDEX outbox_pending;

-- An edit names the post whose message it edits (`edits`, a foreign key to
-- the outbox itself): each delivered post pruned makes the database look
-- for edits still naming it, which read the whole outbox without this
-- index (SQLite's plan of the prune showed it as `SCAN outbox`; on
-- PostgreSQL it is the foreign key's trigger).
CREATE INDEX outbox_by_edits ON outbox (edits) WHERE edits IS NOT NULL;
