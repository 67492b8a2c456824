-- The daily puzzle never runs out: once every puzzle has been some day's
-- puzzle, the one chosen longest ago is chosen again, so a puzzle may be
-- the puzzle of several days (the day stays the key).
CREATE TABLE daily_puzzles_again (
    day         INTEGER PRIMARY KEY,
    puzzle_id   TEXT NOT NULL
);
INSERT INTO daily_puzzles_again (day, puzzle_id) SELECT day, puzzle_id FROM daily_puzzles;
DROP TABLE daily_puzzles;
ALTER TABLE daily_puzzles_again RENAME TO daily_puzzles;
CREATE INDEX daily_puzzles_by_puzzle ON daily_puzzles (puzzle_id, day);

-- Puzzles mined from the bot's own finished games, which the daily puzzle
-- prefers: numbered after the shipped set's range (100001 on), each the
-- JSON line of `kiela_learn::puzzles::Puzzle`.
CREATE TABLE mined_puzzles (
    number      INTEGER PRIMARY KEY,
    puzzle_id   TEXT NOT NULL UNIQUE,
    puzzle      TEXT NOT NULL,
    game_id     INTEGER NOT NULL,
    mined_at    INTEGER NOT NULL
);

-- How far the mining has read the finished games: one row, the last game
-- read (mined or not).
CREATE TABLE puzzle_mining (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    last_game   INTEGER NOT NULL
);
