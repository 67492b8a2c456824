-- The first minutes (issue 26): the servers the bot has greeted, so that
-- the welcome is posted once, whatever the restarts.
CREATE TABLE guild_welcomes (
    guild_id    BIGINT PRIMARY KEY,
    welcomed_at BIGINT NOT NULL
);
