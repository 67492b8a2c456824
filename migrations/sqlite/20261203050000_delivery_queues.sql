-- Delivery that never blocks (issue 23).
--
-- Posts go out in order per queue, not per game: a game's posts in the
-- game's order (its board before the thread it opens, in the lobby and in
-- the thread), a user's direct messages in theirs, any other post in its
-- channel's. A direct message that keeps failing then holds only that
-- user's other direct messages, never the game's boards.
--
-- `claimed_at` says when a delivery loop took the post: an interaction's
-- answer never takes a post a loop already holds (it would be posted
-- twice), and `kiela outbox` shows what is in flight.
ALTER TABLE outbox ADD COLUMN queue TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN claimed_at BIGINT;
UPDATE outbox SET queue = CASE
    WHEN recipient_id IS NOT NULL THEN 'dm:' || recipient_id
    WHEN game_id IS NOT NULL THEN 'game:' || game_id
    ELSE 'channel:' || channel_id END;
DROP INDEX outbox_pending_by_game;
CREATE INDEX outbox_pending_by_queue ON outbox (queue, id)
    WHERE delivered_at IS NULL AND failed IS NULL;
