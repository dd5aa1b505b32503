-- Computer players: a seat played by the service itself at a level (novice, detective,
-- master). NULL for a person. A computer player has no address and is never mailed.
ALTER TABLE players ADD COLUMN computer TEXT;
-- The computer players that may owe a turn: found without reading every player.
CREATE INDEX players_computer ON players (game_id, seat) WHERE computer IS NOT NULL;
