-- A thread per game (issue 15). A server chooses where its games are
-- played; a game played in a thread keeps its lobby, the channel that gets
-- one line when it starts and one when it ends. Until the thread is open
-- (or when it could not be), the game is played in the lobby itself.

ALTER TABLE guild_settings ADD COLUMN threads TEXT;             -- auto | on | off; NULL: auto
ALTER TABLE guild_settings ADD COLUMN days_per_move BIGINT;     -- NULL: 3
ALTER TABLE guild_settings ADD COLUMN games_channel_id BIGINT;  -- NULL: where the challenge is

ALTER TABLE games ADD COLUMN lobby_channel_id BIGINT;           -- NULL: not played in a thread

-- After this post is on Discord, a thread with this name is opened from its
-- message, and the game is played there.
ALTER TABLE outbox ADD COLUMN thread_name TEXT;
