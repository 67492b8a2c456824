-- Lessons (issue 25): each player's solved tasks, with the best stars of
-- their tries. One row per task a player solved: bounded by players × 36.
CREATE TABLE lesson_progress (
    player_id  INTEGER NOT NULL,
    lesson     TEXT    NOT NULL,          -- the lesson's id, e.g. relay
    task       INTEGER NOT NULL,          -- 0-based within the lesson
    stars      INTEGER NOT NULL,
    solved_at  INTEGER NOT NULL,
    PRIMARY KEY (player_id, lesson, task)
);
