-- Languages: a game's language (its public pages, bulletins and the game master's mail), and
-- each player's own language and time zone (NULL: the game's). Sign-ups carry the language
-- chosen when joining.
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE players ADD COLUMN language TEXT;
ALTER TABLE players ADD COLUMN time_zone TEXT;
ALTER TABLE signups ADD COLUMN language TEXT;
-- The sheet before the latest, so a page can mark what changed since the last round.
ALTER TABLE sheets ADD COLUMN previous TEXT;
