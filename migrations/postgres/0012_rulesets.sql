-- Rulesets: a game is Polysleuth (rounds) or classic Sleuth (turns in seat order). A classic
-- game keeps its engine state in games.state, its turn number in games.round, and the turn's
-- deadline in turn_deadline (games.deadline stays NULL: it is the deadline of a round).
ALTER TABLE games ADD COLUMN ruleset TEXT NOT NULL DEFAULT 'polysleuth';
ALTER TABLE games ADD COLUMN turn_deadline BIGINT;
-- The last turn whose player was reminded.
ALTER TABLE games ADD COLUMN turn_reminded BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_turn_due ON games (status, turn_deadline);
-- A player who chose a daily digest of each turn's public result instead of a mail per turn.
ALTER TABLE players ADD COLUMN digest BIGINT NOT NULL DEFAULT 0;
-- Public results waiting for a player's next digest; deleted once mailed.
CREATE TABLE digests (
    id         BIGSERIAL PRIMARY KEY,
    player_id  BIGINT NOT NULL REFERENCES players (id),
    game_id    BIGINT NOT NULL REFERENCES games (id),
    line       TEXT    NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX digests_by_player ON digests (player_id, id);
CREATE INDEX digests_by_age ON digests (created_at);
