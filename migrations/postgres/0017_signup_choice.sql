-- The piece a joiner chose when signing up, where the game has pieces to choose (Clue's
-- guests): NULL when none was chosen, or for games without.
ALTER TABLE signups ADD COLUMN choice TEXT;
