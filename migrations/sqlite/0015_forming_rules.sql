-- A forming game keeps its game's house rules under one name for every game, "rules" (a
-- forming game of the second game kept them under another, older name). Polysleuth's forming
-- games of before keep theirs under "settings", which is still read.
UPDATE games SET state = replace(state, '"classic":', '"rules":')
WHERE status IN ('forming', 'unconfirmed') AND state LIKE '{"settings":%';
