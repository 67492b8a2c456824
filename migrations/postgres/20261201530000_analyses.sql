-- The computer analysis of a finished game, computed once (it takes
-- seconds) and shown again at once: one JSON document of every move's
-- evaluation, best move, loss and verdict, for the node budget it used.
CREATE TABLE analyses (
    game_id    BIGINT PRIMARY KEY REFERENCES games (id),
    nodes      BIGINT NOT NULL,
    plies      TEXT   NOT NULL,
    created_at BIGINT NOT NULL
);
