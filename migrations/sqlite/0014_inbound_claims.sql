-- A stored message is claimed before it is handled, so that one message delivered several
-- times at once (a webhook's retries, the same message by two doors, two instances) is acted
-- on once: the outcome becomes 'handling' with the time of the claim, and a claim older than
-- the door's stale limit may be taken again (the instance that took it stopped).
ALTER TABLE inbound ADD COLUMN claimed_at INTEGER;
