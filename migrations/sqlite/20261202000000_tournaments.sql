-- Tournaments (issue 24): an event of a server, its players and its
-- paired games. The pairing logic is the kiela-tournament crate; the
-- store keeps what it reads. A round is paired once: the transaction that
-- pairs it moves `rounds_paired` on from the number it read, and only one
-- such update can match.
CREATE TABLE tournaments (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,          -- the event's lobby
    name             TEXT    NOT NULL,
    format           TEXT    NOT NULL,          -- round-robin | swiss
    variant          TEXT    NOT NULL,
    seconds_per_move INTEGER NOT NULL,
    rounds           INTEGER,                   -- Swiss: fixed at the start unless given
    max_players      INTEGER NOT NULL,
    lang             TEXT    NOT NULL,          -- where it was created: its posts' language
    rated            INTEGER NOT NULL,
    organiser_id     INTEGER NOT NULL,
    status           TEXT    NOT NULL,          -- open | running | finished | cancelled
    starts_at        INTEGER,                   -- a start by the clock, if given
    rounds_paired    INTEGER NOT NULL DEFAULT 0,
    created_at       INTEGER NOT NULL,
    winner_id        INTEGER,                   -- first in the final standings
    ended_at         INTEGER
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);
CREATE INDEX tournaments_live ON tournaments (status) WHERE status IN ('open', 'running');

CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    player_id     INTEGER NOT NULL,
    joined_at     INTEGER NOT NULL,
    joined_round  INTEGER NOT NULL,
    withdrawn     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, player_id)
);

-- One row per paired game, and one per bye (no game, no north).
CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    south_id      INTEGER NOT NULL,
    north_id      INTEGER,
    game_id       INTEGER UNIQUE
);
CREATE INDEX tournament_games_by_event ON tournament_games (tournament_id, round);

-- The sign-up message's buttons (Join, Leave, Start) go under a post that
-- names its tournament.
ALTER TABLE outbox ADD COLUMN tournament_id INTEGER;
CREATE INDEX outbox_by_tournament ON outbox (tournament_id) WHERE tournament_id IS NOT NULL;
