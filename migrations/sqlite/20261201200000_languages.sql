-- Languages (issue 16): the locale each player's Discord client last sent
-- (for their reminders and direct messages), and a server's chosen
-- language for the bot's public posts (NULL: Discord's guild_locale).

ALTER TABLE players ADD COLUMN locale TEXT;

CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,   -- Discord server id
    language TEXT                   -- a locale such as pt-BR; NULL: automatic
);
