-- A season unattended (issue 23).
--
-- A game whose clock cannot be run (it no longer loads, say a stored move
-- an engine fix now refuses) is flagged with the reason, and the timers
-- pass over it instead of failing every other game's clock with it. The
-- operator clears it once it is mended (README, "A season unattended").
ALTER TABLE games ADD COLUMN clock_fault TEXT;

-- The hot queries, each on an index: a claim looks for an earlier pending
-- post of the same game, an announcement's post is found by its challenge,
-- a thread's lobby by the channel, and delivered posts are pruned by age.
CREATE INDEX outbox_pending_by_game ON outbox (game_id, id)
    WHERE delivered_at IS NULL AND failed IS NULL;
CREATE INDEX outbox_by_challenge ON outbox (challenge_id) WHERE challenge_id IS NOT NULL;
CREATE INDEX outbox_by_delivery ON outbox (delivered_at) WHERE delivered_at IS NOT NULL;
CREATE INDEX outbox_parked ON outbox (created_at) WHERE failed IS NOT NULL;
CREATE INDEX games_by_channel ON games (channel_id);

-- The bot's last sign of life, written at every look of the clock: after
-- an outage, every running deadline moves by the time the bot was away
-- (once, by the process that notices first), so that nobody loses on time
-- because the bot was down.
CREATE TABLE heartbeat (
    id INTEGER PRIMARY KEY,
    seen_at BIGINT NOT NULL
);
