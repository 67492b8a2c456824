-- Puzzles (issue 25): Glicko-2 ratings for solvers and for the shipped
-- puzzles (by their stable id), each player's first attempt at a puzzle
-- (the rated one), the puzzle of each day, and each server's daily post.

-- A puzzle's rating, once someone has tried it (before that, the miner's
-- guess from the shipped set).
CREATE TABLE puzzle_ratings (
    puzzle_id   TEXT PRIMARY KEY,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    attempts    BIGINT NOT NULL,
    solved      BIGINT NOT NULL
);

-- A solver's puzzle rating (one for everywhere: puzzles are solved alone)
-- and their streak of first attempts solved.
CREATE TABLE puzzle_solvers (
    player_id   BIGINT PRIMARY KEY,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    attempts    BIGINT NOT NULL,
    solved      BIGINT NOT NULL,
    streak      BIGINT NOT NULL,
    best_streak BIGINT NOT NULL
);

-- A player's first finished attempt at each puzzle: bounded by players ×
-- the shipped set. Read by player (which puzzles to offer) and by puzzle
-- (the daily puzzle's solvers).
CREATE TABLE puzzle_attempts (
    player_id   BIGINT NOT NULL,
    puzzle_id   TEXT NOT NULL,
    solved      BIGINT NOT NULL,
    tried_at    BIGINT NOT NULL,
    PRIMARY KEY (player_id, puzzle_id)
);
CREATE INDEX puzzle_attempts_by_puzzle ON puzzle_attempts (puzzle_id, solved);

-- The puzzle of each day (days since 1970-01-01, UTC): the same for
-- everyone, and never twice.
CREATE TABLE daily_puzzles (
    day         BIGINT PRIMARY KEY,
    puzzle_id   TEXT NOT NULL UNIQUE
);

-- Each server's daily post, once a day even with two processes; pruned
-- after a month.
CREATE TABLE daily_puzzle_posts (
    guild_id    BIGINT NOT NULL,
    day         BIGINT NOT NULL,
    PRIMARY KEY (guild_id, day)
);

-- A server's daily puzzle: the channel it is posted in (none: off) and
-- the hour (UTC) it is posted.
ALTER TABLE guild_settings ADD COLUMN puzzle_channel_id BIGINT;
ALTER TABLE guild_settings ADD COLUMN puzzle_hour BIGINT;

-- A daily puzzle's post: its day (the board and Solve button are composed
-- from it).
ALTER TABLE outbox ADD COLUMN puzzle_day BIGINT;
