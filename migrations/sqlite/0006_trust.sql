-- A player's link can be replaced (leaked or lost): the version counts the replacements, and
-- the reply address is signed with it, so the old link and the old reply address both stop
-- working. Version 0 keeps the reply addresses of mail sent before.
ALTER TABLE players ADD COLUMN key_version INTEGER NOT NULL DEFAULT 0;
