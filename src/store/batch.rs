//! The one write path of turns, inbound mail and outbox claims: a batch is begun, its jobs run,
//! and it is committed whole or rolled back whole, over either connection the group-commit
//! writer may hold — a pooled sqlx connection (PostgreSQL, or SQLite without a file of its
//! own) or the writer's own SQLite connection (`Direct`). Both run the same statement texts
//! and decode rows with the same decoders (`rows`), so the two cannot disagree.

use sqlx::any::AnyRow;
use sqlx::pool::PoolConnection;
use sqlx::Any;

use super::closing::{self, Closing};
use super::direct::Direct;
use super::{
    claimed, id_list, sent, Backend, GameRow, Lock, MailRow, ObserverRow, OpenRound, PlayerRow,
    Store, StoreError, Writes, CLAIM_MAIL, INSERT_INBOUND,
};

/// A connection a batch of writes runs on. Its futures never wait on anything but the
/// database; `Direct`'s are ready at once.
#[allow(async_fn_in_trait)]
pub trait Batch {
    /// Begins a write transaction (taking SQLite's write lock).
    async fn begin(&mut self) -> Result<(), StoreError>;
    /// Stores a raw inbound message unless one with its key is stored: its id, or None.
    async fn insert_inbound(
        &mut self,
        raw: &[u8],
        key: &str,
        now: i64,
    ) -> Result<Option<i64>, StoreError>;
    /// Claims up to `limit` due mails, pushing each `lease` seconds ahead.
    async fn claim_mail(
        &mut self,
        now: i64,
        lease: i64,
        limit: i64,
    ) -> Result<Vec<MailRow>, StoreError>;
    /// Marks delivered mails sent.
    async fn mails_sent(&mut self, ids: &[i64], now: i64) -> Result<(), StoreError>;
    /// The games of a batch of turns, locked in id order where the backend can, with the
    /// turns in force of their open rounds.
    async fn open_round(&mut self, ids: &[i64]) -> Result<OpenRound, StoreError>;
    /// The games whose rounds are to be closed, each with its open turns, players and
    /// observers; locked where the backend can, a game another instance holds left out.
    async fn closing(&mut self, ids: &[i64]) -> Result<Vec<Closing>, StoreError>;
    /// Runs writes inside the transaction, which goes on.
    async fn apply(&mut self, writes: &Writes<'_>) -> Result<(), StoreError>;
    /// Runs the writes and commits the transaction.
    async fn commit(&mut self, writes: Writes<'_>) -> Result<(), StoreError>;
    /// Ends a transaction that failed; nothing of it stays.
    async fn rollback(&mut self);
}

/// A connection from the pool, kept between batches by the writer that holds it. Its
/// transactions are run by hand, unknown to the pool: whenever it is let go mid-batch (a
/// failure, or the writer stopped at shutdown) it is closed, which rolls back, rather than
/// given back to the pool inside a transaction.
pub struct Pooled {
    store: Store,
    conn: Option<PoolConnection<Any>>,
    /// `begin` was asked for and not yet sent: on SQLite it goes with the batch's first
    /// statement, so a batch of turns is two round trips to SQLite's worker thread.
    begin_pending: bool,
}

impl Pooled {
    pub fn new(store: &Store) -> Pooled {
        Pooled {
            store: store.clone(),
            conn: None,
            begin_pending: false,
        }
    }

    async fn conn(&mut self) -> Result<&mut PoolConnection<Any>, StoreError> {
        if self.conn.is_none() {
            let mut conn = self.store.pool.acquire().await?;
            conn.close_on_drop();
            self.conn = Some(conn);
        }
        Ok(self.conn.as_mut().expect("just set"))
    }

    /// The connection, with the transaction begun if it is still pending.
    async fn begun(&mut self) -> Result<&mut PoolConnection<Any>, StoreError> {
        let begin = std::mem::take(&mut self.begin_pending);
        let backend = self.store.backend;
        let conn = self.conn().await?;
        if begin {
            sqlx::query(backend.begin_write())
                .execute(&mut **conn)
                .await?;
        }
        Ok(conn)
    }
}

impl Batch for Pooled {
    async fn begin(&mut self) -> Result<(), StoreError> {
        self.begin_pending = true;
        Ok(())
    }

    async fn insert_inbound(
        &mut self,
        raw: &[u8],
        key: &str,
        now: i64,
    ) -> Result<Option<i64>, StoreError> {
        let conn = self.begun().await?;
        let row: Option<(i64,)> = sqlx::query_as(INSERT_INBOUND)
            .bind(now)
            .bind(raw.to_vec())
            .bind(key)
            .fetch_optional(&mut **conn)
            .await?;
        Ok(row.map(|r| r.0))
    }

    async fn claim_mail(
        &mut self,
        now: i64,
        lease: i64,
        limit: i64,
    ) -> Result<Vec<MailRow>, StoreError> {
        let lock = self.store.backend.lock(Lock::Skip);
        let conn = self.begun().await?;
        let rows: Vec<MailRow> = sqlx::query_as(&format!("{CLAIM_MAIL}{lock}"))
            .bind(now)
            .bind(limit)
            .fetch_all(&mut **conn)
            .await?;
        if !rows.is_empty() {
            let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
            sqlx::query(&claimed(&ids))
                .bind(now + lease)
                .execute(&mut **conn)
                .await?;
        }
        Ok(rows)
    }

    async fn mails_sent(&mut self, ids: &[i64], now: i64) -> Result<(), StoreError> {
        if ids.is_empty() {
            return Ok(());
        }
        let conn = self.begun().await?;
        sqlx::query(&sent(ids))
            .bind(now)
            .execute(&mut **conn)
            .await?;
        Ok(())
    }

    async fn open_round(&mut self, ids: &[i64]) -> Result<OpenRound, StoreError> {
        let begin = std::mem::take(&mut self.begin_pending);
        let store = self.store.clone();
        let conn = self.conn().await?;
        store.open_round(conn, ids, begin).await
    }

    async fn closing(&mut self, ids: &[i64]) -> Result<Vec<Closing>, StoreError> {
        let backend = self.store.backend;
        let list = format!("({})", id_list(ids));
        let [games, turns, players, observers] = closing::reads(&list);
        let games = format!("{games}{}", backend.lock(Lock::Skip));
        let conn = self.begun().await?;
        let games: Vec<GameRow> = sqlx::query_as(&games).fetch_all(&mut **conn).await?;
        let rows: Vec<AnyRow> = sqlx::query(&turns).fetch_all(&mut **conn).await?;
        let turns = rows
            .iter()
            .map(closing::turn_row)
            .collect::<Result<Vec<_>, _>>()?;
        let players: Vec<PlayerRow> = sqlx::query_as(&players).fetch_all(&mut **conn).await?;
        let observers: Vec<ObserverRow> = sqlx::query_as(&observers).fetch_all(&mut **conn).await?;
        Ok(closing::gather(games, turns, players, observers))
    }

    async fn apply(&mut self, writes: &Writes<'_>) -> Result<(), StoreError> {
        let store = self.store.clone();
        let conn = self.begun().await?;
        store.apply(conn, writes).await
    }

    async fn commit(&mut self, mut writes: Writes<'_>) -> Result<(), StoreError> {
        if std::mem::take(&mut self.begin_pending) && writes.is_empty() {
            // Nothing was read or written: no transaction was ever sent.
            return Ok(());
        }
        let store = self.store.clone();
        let conn = self.begun().await?;
        writes.commit();
        store.apply(conn, &writes).await
    }

    async fn rollback(&mut self) {
        self.begin_pending = false;
        // Rolls back at once to free the write lock; the connection is then closed and the
        // next batch takes a fresh one.
        if let Some(mut conn) = self.conn.take() {
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
        }
    }
}

impl Batch for Direct {
    async fn begin(&mut self) -> Result<(), StoreError> {
        Direct::begin(self)
    }

    async fn insert_inbound(
        &mut self,
        raw: &[u8],
        key: &str,
        now: i64,
    ) -> Result<Option<i64>, StoreError> {
        Direct::insert_inbound(self, raw, key, now)
    }

    async fn claim_mail(
        &mut self,
        now: i64,
        lease: i64,
        limit: i64,
    ) -> Result<Vec<MailRow>, StoreError> {
        Direct::claim_mail(self, now, lease, limit)
    }

    async fn mails_sent(&mut self, ids: &[i64], now: i64) -> Result<(), StoreError> {
        Direct::mails_sent(self, ids, now)
    }

    async fn open_round(&mut self, ids: &[i64]) -> Result<OpenRound, StoreError> {
        Direct::open_round(self, ids)
    }

    async fn closing(&mut self, ids: &[i64]) -> Result<Vec<Closing>, StoreError> {
        Direct::closing(self, ids)
    }

    async fn apply(&mut self, writes: &Writes<'_>) -> Result<(), StoreError> {
        Direct::apply(self, writes)
    }

    async fn commit(&mut self, mut writes: Writes<'_>) -> Result<(), StoreError> {
        writes.commit();
        Direct::apply(self, &writes)
    }

    async fn rollback(&mut self) {
        Direct::rollback(self)
    }
}

/// Whether the store's database is a SQLite file the writer can open a connection of its own
/// to; the pool is used otherwise.
pub fn direct(store: &Store) -> Option<Result<Direct, StoreError>> {
    match store.backend {
        Backend::Sqlite => store.sqlite_file.as_deref().map(Direct::open),
        Backend::Postgres => None,
    }
}
