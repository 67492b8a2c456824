-- A stored analysis is shared at most once per game and place (the
-- channel or thread its post went to): a second Share answers where it
-- already is. `post_id` is the outbox post that showed it (its message,
-- while the outbox keeps the post).
CREATE TABLE shared_analyses (
    game_id    BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    post_id    BIGINT NOT NULL,
    shared_by  BIGINT NOT NULL,
    shared_at  BIGINT NOT NULL,
    PRIMARY KEY (game_id, channel_id)
);
