-- A refused channel keeps why by name: Discord's error codes
-- are the Discord adapter's, the application stores its own names
-- (`ChannelRefusal`: unknown-channel, missing-access, missing-permissions).
-- A code that is none of these is kept as its digits, which the store
-- reports as corrupt rather than guess.
ALTER TABLE refused_channels ALTER COLUMN code TYPE TEXT USING
    CASE code
        WHEN 10003 THEN 'unknown-channel'
        WHEN 50001 THEN 'missing-access'
        WHEN 50013 THEN 'missing-permissions'
        ELSE code::text
    END;
ALTER TABLE refused_channels RENAME COLUMN code TO refusal;
