-- A web confirmation not yet sent carries a key (game and seat); the next change of that
-- turn replaces its letter instead of queueing another. Claiming it for delivery clears the key.
ALTER TABLE outbox ADD COLUMN merge_key TEXT;
CREATE UNIQUE INDEX outbox_merge ON outbox (merge_key) WHERE merge_key IS NOT NULL;
