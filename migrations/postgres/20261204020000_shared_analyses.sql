-- Analysis and hints (issue 26): an analysis is shown privately, and its
-- Share button posts it in the game's place through the outbox. Such a
-- post keeps its words; its graph is drawn from the stored analysis when
-- it is sent (1), as a board post's picture is drawn from its game.
ALTER TABLE outbox ADD COLUMN shows_analysis BIGINT NOT NULL DEFAULT 0;
