-- Names per server (issue 23, item 7): a player's nickname in one server is
-- shown in that server only. `players.name` keeps their Discord display
-- name, the same everywhere: what is shown where they have no nickname of
-- their own (direct messages, other servers).
CREATE TABLE server_names (
    guild_id BIGINT NOT NULL,
    user_id  BIGINT NOT NULL REFERENCES players (id),
    name     TEXT   NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
