-- No mail to an address that did not ask for it. An observer receives bulletins only once the
-- address confirmed (double opt-in); observers from before confirmed by subscribing.
ALTER TABLE observers ADD COLUMN confirmed_at BIGINT;
UPDATE observers SET confirmed_at = created_at;

-- A mail that is a subscription carries its one-click unsubscribe address (List-Unsubscribe).
ALTER TABLE outbox ADD COLUMN unsubscribe TEXT;

-- Games made on the web or through the API wait, status 'unconfirmed', until their game
-- master's address is confirmed; creations are counted by address.
CREATE INDEX games_gm_email ON games (gm_email, status);

-- Mail delivered or given up before bodies were dropped at delivery: their bodies may hold
-- players' keys (the game master's welcome listed them all), and nothing reads them again.
UPDATE outbox SET body = '', reply_to = NULL WHERE sent_at IS NOT NULL OR given_up_at IS NOT NULL;
