-- Costs that grow in a straight line: every statement on a hot path finds its rows through an
-- index, never by reading a table that grows with the games, the mail or the rounds
-- (the query-plan test in `store` checks every statement).

-- A game's web confirmations still waiting, made due when its round closes.
CREATE INDEX outbox_waiting ON outbox (game_id) WHERE merge_key IS NOT NULL;
-- The queue of mail to send, in the order it falls due: a claim reads only what it takes,
-- however long the queue (after an outage, say).
CREATE INDEX outbox_queue ON outbox (next_attempt_at, id) WHERE sent_at IS NULL;
-- A game's mail not delivered yet (its game master's page lists the failing ones).
CREATE INDEX outbox_unsent ON outbox (game_id) WHERE sent_at IS NULL;
-- Delivered and given-up mail, pruned after its keeping time.
CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;
CREATE INDEX outbox_given_up ON outbox (given_up_at) WHERE given_up_at IS NOT NULL;
-- The public list of games: the newest listed ones.
CREATE INDEX games_listed ON games (id) WHERE listed = 1 AND status <> 'unconfirmed';
-- Rounds that close early, once every player is ready.
CREATE INDEX games_close_at ON games (close_at) WHERE close_at IS NOT NULL;
-- Addresses are compared without regard to case.
CREATE INDEX players_email_lower ON players (lower(email));
CREATE INDEX observers_email_lower ON observers (lower(email), created_at);
DROP INDEX games_gm_email;
CREATE INDEX games_gm_email ON games (lower(gm_email), status);
-- The keyless help's once a day per address, and the keeping time of raw mail.
CREATE INDEX inbound_sender ON inbound (sender, outcome, received_at);
CREATE INDEX inbound_received ON inbound (received_at);
CREATE INDEX inbound_raw_kept ON inbound (received_at) WHERE length(raw) > 0;

-- Games whose players' sheets lag behind the last resolved round: set by each resolution,
-- cleared once every sheet covers it, so the sheets worker never reads every bulletin.
ALTER TABLE games ADD COLUMN sheets_behind INTEGER NOT NULL DEFAULT 0;
UPDATE games SET sheets_behind = 1 WHERE id IN (SELECT game_id FROM bulletins);
CREATE INDEX games_sheets_behind ON games (id) WHERE sheets_behind = 1;
