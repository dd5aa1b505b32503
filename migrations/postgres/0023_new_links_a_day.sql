-- How many new private links a seat's player was mailed on which day (days since the epoch):
-- a game master may renew one seat's link a few times a day, so the action cannot flood the
-- player's inbox.
ALTER TABLE players ADD COLUMN links_day BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN links_that_day BIGINT NOT NULL DEFAULT 0;
