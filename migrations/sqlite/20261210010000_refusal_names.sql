-- A refused channel keeps why by name: Discord's error codes
-- are the Discord adapter's, the application stores its own names
-- (`ChannelRefusal`: unknown-channel, missing-access, missing-permissions).
-- A code that is none of these is kept as its digits, which the store
-- reports as corrupt rather than guess.
CREATE TABLE refused_channels_named (
    channel_id INTEGER PRIMARY KEY,
    refusal    TEXT NOT NULL,
    refused_at INTEGER NOT NULL
);
INSERT INTO refused_channels_named (channel_id, refusal, refused_at)
SELECT channel_id,
       CASE code
           WHEN 10003 THEN 'unknown-channel'
           WHEN 50001 THEN 'missing-access'
           WHEN 50013 THEN 'missing-permissions'
           ELSE CAST(code AS TEXT)
       END,
       refused_at
FROM refused_channels;
DROP TABLE refused_channels;
ALTER TABLE refused_channels_named RENAME TO refused_channels;
