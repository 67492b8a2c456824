-- Each player's rating before and after a rated game, written by the
-- transaction that ends the game, so that its result message can show the
-- changes whenever it is composed (later games move the ratings on).
CREATE TABLE rating_changes (
    game_id   BIGINT           NOT NULL REFERENCES games (id),
    player_id BIGINT           NOT NULL REFERENCES players (id),
    rating_before  DOUBLE PRECISION NOT NULL,
    rating_after   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
