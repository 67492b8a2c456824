-- How often a delivery loop took a post: taken again, an earlier try may
-- have made its message already (a crash between the send and its record),
-- so the loop looks for it before posting again.
ALTER TABLE outbox ADD COLUMN claims BIGINT NOT NULL DEFAULT 0;
-- Where to start looking: after the last message of the post's queue.
CREATE INDEX outbox_delivered_by_queue ON outbox (queue, id) WHERE message_id IS NOT NULL;
