-- The outbox (issue 14): every message a change must produce, written in
-- the change's own transaction, until Discord has it. An interaction's
-- answer delivers its posts at once; whatever is left (a failed answer, a
-- crash, a reminder, a timeout, an AI turn played in the background) is
-- posted by the delivery loop, with the post's id as Discord's nonce so a
-- retry cannot make a second message.
CREATE TABLE outbox (
    id BIGSERIAL PRIMARY KEY,
    channel_id BIGINT NOT NULL,     -- where to post (0: a direct message)
    recipient_id BIGINT,            -- the user of a direct message
    game_id BIGINT REFERENCES games (id),
    ply BIGINT,                     -- a board post: the ply it shows
    challenge_id BIGINT REFERENCES challenges (id),
    text TEXT NOT NULL,             -- a board post: its headline
    pings TEXT NOT NULL,            -- users to mention, space-separated
    lang TEXT NOT NULL,             -- the language of the text and menus
    created_at BIGINT NOT NULL,
    -- Nobody else posts it before this time: an interaction answering it,
    -- a delivery loop holding it (a lease), or a retry's backoff.
    held_until BIGINT NOT NULL,
    answer_token TEXT,              -- the interaction answering it, if any
    attempts INTEGER NOT NULL DEFAULT 0,
    delivered_at BIGINT,
    message_id BIGINT,              -- the message that delivered it
    failed TEXT                     -- why it was given up (no permission...)
);

CREATE INDEX outbox_pending ON outbox (held_until) WHERE delivered_at IS NULL AND failed IS NULL;
