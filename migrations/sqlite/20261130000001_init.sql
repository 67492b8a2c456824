-- Kiela's schema. Portable SQL: integers are 64-bit ids or unix seconds,
-- flags are 0/1 integers, enums are lower-case text. The PostgreSQL copy
-- differs only in its column types and id generation.

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- Discord users (and the bot itself, for games against the AI).
CREATE TABLE players (
    id           INTEGER PRIMARY KEY,          -- Discord user id
    name         TEXT    NOT NULL,
    is_bot       INTEGER NOT NULL DEFAULT 0,
    dm_reminders INTEGER NOT NULL DEFAULT 0,
    created_at   INTEGER NOT NULL
);

CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER NOT NULL,          -- 0 outside a server
    channel_id       INTEGER NOT NULL,
    variant          TEXT    NOT NULL,
    south_id         INTEGER NOT NULL REFERENCES players (id),
    north_id         INTEGER NOT NULL REFERENCES players (id),
    ai_level         TEXT,                      -- set when the bot holds a seat
    status           TEXT    NOT NULL,          -- active | finished
    result           TEXT,                      -- 1-0 | 0-1 | 1/2-1/2
    reason           TEXT,
    version          INTEGER NOT NULL DEFAULT 0, -- bumped by every change
    seconds_per_move INTEGER NOT NULL,
    deadline         INTEGER,                   -- the player to move loses after it
    reminded         INTEGER NOT NULL DEFAULT 0,
    board_channel_id INTEGER,
    board_message_id INTEGER,
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL
);
CREATE INDEX games_by_deadline ON games (status, deadline);
CREATE INDEX games_by_south ON games (south_id, status);
CREATE INDEX games_by_north ON games (north_id, status);

CREATE TABLE moves (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    ply       INTEGER NOT NULL,                 -- 1 for the first move
    notation  TEXT    NOT NULL,                 -- G2 or @[...]
    player_id INTEGER NOT NULL REFERENCES players (id),
    played_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    challenger_id INTEGER NOT NULL REFERENCES players (id),
    opponent_id   INTEGER NOT NULL REFERENCES players (id),
    variant       TEXT    NOT NULL,
    first_mover   TEXT    NOT NULL,              -- challenger | opponent | random
    days_per_move INTEGER NOT NULL,
    status        TEXT    NOT NULL,              -- pending | accepted | declined | cancelled | expired
    game_id       INTEGER REFERENCES games (id),
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL
);
CREATE INDEX challenges_by_opponent ON challenges (opponent_id, status);

-- At most one open draw offer per game; it lapses when its ply is passed.
CREATE TABLE draw_offers (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    offered_by INTEGER NOT NULL REFERENCES players (id),
    ply        INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);

-- Glicko-2 ratings, one per player and server.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, player_id)
);
