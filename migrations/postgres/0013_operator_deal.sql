-- A game whose seed or deal the operator gave on the command line (`game new --seed/--deal`)
-- says so on its public page, in its opening mail and in its record: the commitment proves
-- that such a deal was not changed, not that nobody chose it. 1 when given, 0 when the
-- service drew the seed itself.
ALTER TABLE games ADD COLUMN operator_deal BIGINT NOT NULL DEFAULT 0;
