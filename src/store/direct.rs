//! The group-commit writer's own SQLite connection, used synchronously on the writer's own
//! thread. sqlx runs every SQLite connection on a worker thread of its own, and each statement
//! is a trip there and back; under a deadline rush each trip waited about half a millisecond
//! for the busy processors, which capped the writer. Here a batch costs no trip at all.
//!
//! The statements are the ones the sqlx path runs (`Writes`, `sqlite_open_round`, …): `$N`
//! placeholders in order are SQLite's own parameter syntax, bound by position.

use rusqlite::types::{ToSqlOutput, Value as Sql};
use rusqlite::{params_from_iter, Connection, OpenFlags, ToSql};

use super::closing::{self, Closing};
use super::rows::Decode;
use super::turns::{open_round_row, split, sqlite_open_round};
use super::{
    claimed, sent, GameRow, MailRow, ObserverRow, OpenRound, PlayerRow, StoreError, Value, Writes,
    CLAIM_MAIL, INSERT_INBOUND, SQLITE_PRAGMAS,
};

impl ToSql for Value<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(match *self {
            Value::Int(i) => ToSqlOutput::Owned(Sql::Integer(i)),
            Value::MaybeInt(i) => i.map_or(ToSqlOutput::Owned(Sql::Null), |i| {
                ToSqlOutput::Owned(Sql::Integer(i))
            }),
            Value::Text(t) => ToSqlOutput::from(t),
            Value::MaybeText(t) => t.map_or(ToSqlOutput::Owned(Sql::Null), ToSqlOutput::from),
        })
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError::Direct(e.to_string())
    }
}

pub struct Direct {
    conn: Connection,
}

impl Direct {
    /// Opens the database file that the pool has already created and migrated.
    pub fn open(file: &str) -> Result<Direct, StoreError> {
        let conn = Connection::open_with_flags(
            file,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.execute_batch(SQLITE_PRAGMAS)?;
        // Multi-row writes come in many sizes: keep their statements prepared too.
        conn.set_prepared_statement_cache_capacity(256);
        Ok(Direct { conn })
    }

    /// Starts a write transaction, taking SQLite's write lock at once.
    pub fn begin(&mut self) -> Result<(), StoreError> {
        self.conn.execute_batch("BEGIN IMMEDIATE")?;
        Ok(())
    }

    /// Ends a transaction that failed; harmless when none is open.
    pub fn rollback(&mut self) {
        if !self.conn.is_autocommit() {
            let _ = self.conn.execute_batch("ROLLBACK");
        }
    }

    /// As `Store::open_round`, inside the transaction begun.
    pub fn open_round(&mut self, ids: &[i64]) -> Result<OpenRound, StoreError> {
        let ids = format!("[{}]", super::id_list(ids));
        let (games_sql, turns_sql) = sqlite_open_round();
        let mut rows = Vec::new();
        for sql in [games_sql, turns_sql] {
            let mut statement = self.conn.prepare_cached(&sql)?;
            let width = statement.column_count();
            let mut found = statement.query([&ids])?;
            while let Some(row) = found.next()? {
                rows.push(open_round_row(row, width));
            }
        }
        split(rows.into_iter())
    }

    /// As `Pooled::closing`, inside the transaction begun (SQLite's write lock is held).
    pub fn closing(&mut self, ids: &[i64]) -> Result<Vec<Closing>, StoreError> {
        let ids = format!("[{}]", super::id_list(ids));
        let [games, turns, players, observers] =
            closing::reads("(SELECT value FROM json_each($1))");
        let games = self.rows(&games, &ids, |r| GameRow::decode(r))?;
        let turns = self.rows(&turns, &ids, |r| closing::turn_row(r))?;
        let players = self.rows(&players, &ids, |r| PlayerRow::decode(r))?;
        let observers = self.rows(&observers, &ids, |r| ObserverRow::decode(r))?;
        Ok(closing::gather(games, turns, players, observers))
    }

    /// The rows of one statement with one text parameter, each decoded.
    fn rows<T>(
        &mut self,
        sql: &str,
        param: &str,
        decode: impl Fn(&rusqlite::Row<'_>) -> Result<T, StoreError>,
    ) -> Result<Vec<T>, StoreError> {
        let mut statement = self.conn.prepare_cached(sql)?;
        let mut found = statement.query([param])?;
        let mut rows = Vec::new();
        while let Some(row) = found.next()? {
            rows.push(decode(row)?);
        }
        Ok(rows)
    }

    /// Runs the statements in order; a `COMMIT` among them ends the transaction.
    pub fn apply(&mut self, writes: &Writes<'_>) -> Result<(), StoreError> {
        for (template, values) in &writes.statements {
            let sql = super::writes::number(template, 0);
            self.conn
                .prepare_cached(&sql)?
                .execute(params_from_iter(values))?;
        }
        Ok(())
    }

    /// Stores a raw inbound message unless one with its key is stored: its id, or None.
    pub fn insert_inbound(
        &mut self,
        raw: &[u8],
        key: &str,
        now: i64,
    ) -> Result<Option<i64>, StoreError> {
        use rusqlite::OptionalExtension;
        Ok(self
            .conn
            .prepare_cached(INSERT_INBOUND)?
            .query_row(rusqlite::params![now, raw, key], |r| r.get(0))
            .optional()?)
    }

    /// Claims up to `limit` due mails, pushing each `lease` seconds ahead.
    pub fn claim_mail(
        &mut self,
        now: i64,
        lease: i64,
        limit: i64,
    ) -> Result<Vec<MailRow>, StoreError> {
        let mut rows = Vec::new();
        {
            let mut statement = self.conn.prepare_cached(CLAIM_MAIL)?;
            let mut found = statement.query([now, limit])?;
            while let Some(row) = found.next()? {
                rows.push(MailRow::decode(row)?);
            }
        }
        if !rows.is_empty() {
            let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
            self.conn.execute(&claimed(&ids), [now + lease])?;
        }
        Ok(rows)
    }

    pub fn mails_sent(&mut self, ids: &[i64], now: i64) -> Result<(), StoreError> {
        if !ids.is_empty() {
            self.conn.execute(&sent(ids), [now])?;
        }
        Ok(())
    }
}
