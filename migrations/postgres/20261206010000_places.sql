-- Games follow their place (issue 23, item 5).
--
-- A game whose thread or channel Discord refuses for good (10003 Unknown
-- Channel, 50001 Missing Access, 50013 Missing Permissions) moves back to
-- its lobby; with no place left, its clock pauses: `paused_at` says since
-- when, its deadline is NULL, and the clock passes over it until a player
-- acts on it from a channel of its server, which becomes its place.
ALTER TABLE games ADD COLUMN paused_at BIGINT;

-- The channels Discord refused, with the code and when: nothing more is
-- sent there (other games' posts move or pause the same way) until the
-- bot is seen to work there again.
CREATE TABLE refused_channels (
    channel_id BIGINT PRIMARY KEY,
    code       BIGINT NOT NULL,
    refused_at BIGINT NOT NULL
);
