-- What the running service says about itself, for the command line on the same database: the
-- base URL `serve` was given, so the links that `game new` and `mail ingest` write lead to it.
CREATE TABLE site_settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
