-- Games that form themselves, seats that survive their players.

-- How a game is seated: for a game formed by sign-up, its least and most players and the
-- date it starts on its own; for every game, the longest absence a player may declare and
-- whether idle players are handed to standbys. No row: a game of named players, no absences,
-- no standbys.
CREATE TABLE seating (
    game_id      BIGINT PRIMARY KEY REFERENCES games (id),
    min_players  BIGINT NOT NULL,
    max_players  BIGINT NOT NULL,
    start_at     BIGINT,
    max_absence  BIGINT NOT NULL,
    auto_standby BIGINT NOT NULL
);

-- People who asked for a seat: to join a forming game, invited to one, or standing by for a
-- seat that frees (game_id NULL: any game). A sign-up waits for its address to confirm it
-- (the link or reply mailed there); `status` is pending, joined, declined, left or seated.
CREATE TABLE signups (
    id           BIGSERIAL PRIMARY KEY,
    game_id      BIGINT REFERENCES games (id),
    kind         TEXT    NOT NULL,
    name         TEXT    NOT NULL,
    email        TEXT    NOT NULL,
    status       TEXT    NOT NULL,
    created_at   BIGINT NOT NULL,
    confirmed_at BIGINT
);
CREATE INDEX signups_game ON signups (game_id, status);
CREATE INDEX signups_standing_by ON signups (kind, status, confirmed_at) WHERE kind = 'standby';
CREATE INDEX signups_email ON signups (lower(email));

-- Forming games whose start date comes.
CREATE INDEX seating_start_at ON seating (start_at) WHERE start_at IS NOT NULL;

-- A player's declared absence: away through this round.
ALTER TABLE players ADD COLUMN away_until BIGINT;
-- Players away, whose empty turns the service sends.
CREATE INDEX players_away ON players (game_id, seat) WHERE away_until IS NOT NULL;
-- Games that hand idle players' seats to standbys.
CREATE INDEX seating_auto_standby ON seating (game_id) WHERE auto_standby = 1;
