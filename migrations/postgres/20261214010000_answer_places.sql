-- Places where the app may only answer interactions: a group DM, or a
-- server the bot is not a member of, where a user's install of the app
-- is used. The bot cannot post there (Discord refuses with Missing
-- Access), so the delivery loop never sends there: a post for such a
-- place goes to its players by direct message and waits in
-- `answer_backlog` for the next answer there.
CREATE TABLE answer_places (
    channel_id BIGINT PRIMARY KEY,
    guild_id   BIGINT NOT NULL,        -- 0 for a group DM
    seen_at    BIGINT NOT NULL         -- the last interaction there (a day's precision)
);
CREATE INDEX answer_places_by_guild ON answer_places (guild_id);
CREATE INDEX answer_places_by_seen ON answer_places (seen_at);

-- Posts the delivery loop could not show in their place (it only
-- answers): shown by the next answer there, as follow-ups. Pruned with
-- their posts.
CREATE TABLE answer_backlog (
    post_id       BIGINT PRIMARY KEY REFERENCES outbox (id) ON DELETE CASCADE,
    channel_id    BIGINT NOT NULL,
    claimed_until BIGINT NOT NULL DEFAULT 0  -- an answer showing it holds it until then
);
CREATE INDEX answer_backlog_by_channel ON answer_backlog (channel_id, post_id);
