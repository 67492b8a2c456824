-- The first minutes (issue 26): the servers the bot has greeted, so that
-- the welcome is posted once, whatever the restarts.
CREATE TABLE guild_welcomes (
    guild_id    INTEGER PRIMARY KEY,
    welcomed_at INTEGER NOT NULL
);
