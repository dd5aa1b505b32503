//! The database: games, players, turns, bulletins, private reports and the mail outbox.
//! The only place with SQL. Queries are runtime `query`/`query_as` with `$N` placeholders so
//! one text serves SQLite and PostgreSQL; times are integer epoch seconds.

use std::str::FromStr;
use std::time::Duration;

use sqlx::any::AnyRow;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{Any, AnyConnection, AnyPool, ConnectOptions, Executor, FromRow, Row, Transaction};

pub mod direct;

pub type Tx = Transaction<'static, Any>;
pub type Conn = AnyConnection;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("database error: {0}")]
    Direct(String),
    #[error("unsupported database URL \"{0}\": use sqlite:FILE or postgres://…")]
    Url(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Clone)]
pub struct Store {
    pub pool: AnyPool,
    pub backend: Backend,
    /// The SQLite database file, for a connection of one's own (`Direct`).
    pub sqlite_file: Option<String>,
}

/// Set on every SQLite connection.
const SQLITE_PRAGMAS: &str =
    "PRAGMA busy_timeout=10000; PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;";

/// The file of a normalised SQLite URL, unless the database lives in memory (which another
/// connection could not share).
fn sqlite_file(url: &str) -> Option<String> {
    let rest = url.strip_prefix("sqlite://")?;
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    let in_memory = path.is_empty() || path == ":memory:" || query.contains("mode=memory");
    (!in_memory).then(|| path.to_string())
}

/// `polysleuth.db` → `sqlite://polysleuth.db?mode=rwc`, so a bare file name works.
pub fn normalise_url(url: &str) -> String {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        url.to_string()
    } else {
        let path = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
            .unwrap_or(url);
        if path.contains('?') {
            format!("sqlite://{path}")
        } else {
            format!("sqlite://{path}?mode=rwc")
        }
    }
}

impl Store {
    /// Connects, creating a missing SQLite file, and runs the migrations of the backend.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let url = normalise_url(url);
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres") {
            Backend::Postgres
        } else {
            return Err(StoreError::Url(url));
        };
        let options = AnyConnectOptions::from_str(&url)?.disable_statement_logging();
        let pool = match backend {
            Backend::Sqlite => {
                // A file connection does not go stale: no ping before each use, which would
                // be one more round trip to SQLite's worker thread per transaction.
                AnyPoolOptions::new()
                    .max_connections(8)
                    .test_before_acquire(false)
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            conn.execute(SQLITE_PRAGMAS).await?;
                            Ok(())
                        })
                    })
                    .connect_with(options)
                    .await?
            }
            Backend::Postgres => {
                AnyPoolOptions::new()
                    .max_connections(16)
                    .acquire_timeout(Duration::from_secs(10))
                    .connect_with(options)
                    .await?
            }
        };
        match backend {
            Backend::Sqlite => sqlx::migrate!("migrations/sqlite").run(&pool).await?,
            Backend::Postgres => sqlx::migrate!("migrations/postgres").run(&pool).await?,
        }
        let sqlite_file = match backend {
            Backend::Sqlite => sqlite_file(&url),
            Backend::Postgres => None,
        };
        Ok(Store {
            pool,
            backend,
            sqlite_file,
        })
    }

    /// A transaction that will write: on SQLite it takes the write lock at once, so a
    /// transaction that reads first cannot fail later with "database is locked".
    pub async fn write(&self) -> Result<Tx, StoreError> {
        Ok(self.pool.begin_with(self.backend.begin_write()).await?)
    }
}

/// A batch's games, and the turns in force of their open rounds as (game id, turn).
pub type OpenRound = (Vec<GameRow>, Vec<(i64, TurnRow)>);

/// Columns of a turn row as `open_round` reads it.
const TURN_COLUMNS: usize = 6;

/// The turns in force of some games' open rounds, as `open_round` reads them: the games'
/// ids follow.
const OPEN_TURNS: &str =
    "SELECT t.game_id, t.seat, t.text, t.ready, t.revision, t.updated_at FROM turns t
     JOIN games g ON g.id = t.game_id AND g.round = t.round WHERE t.game_id IN";

/// `open_round`'s two reads on SQLite, the ids bound as one JSON array: the text is always the
/// same and stays prepared.
fn sqlite_open_round() -> (String, String) {
    (
        format!("SELECT {GAME_COLUMNS} FROM games WHERE id IN (SELECT value FROM json_each($1)) ORDER BY id"),
        format!("{OPEN_TURNS} (SELECT value FROM json_each($1))"),
    )
}

/// Outbox rows due at $1, at most $2 of them; a lock clause may follow.
const CLAIM_MAIL: &str = "SELECT id, game_id, reply_to, recipient, subject, body, created_at, attempts, last_error, unsubscribe FROM outbox
     WHERE sent_at IS NULL AND next_attempt_at <= $1 ORDER BY id LIMIT $2";
/// Stores a raw message unless one with its key is stored already (then no row comes back).
const INSERT_INBOUND: &str = "INSERT INTO inbound (received_at, raw, message_key) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id";

/// Marks claimed outbox rows (ids written in) as leased until $1.
fn claimed(ids: &[i64]) -> String {
    format!(
        "UPDATE outbox SET next_attempt_at = $1, merge_key = NULL WHERE id IN ({})",
        id_list(ids)
    )
}

/// Marks outbox rows (ids written in) sent at $1.
fn sent(ids: &[i64]) -> String {
    format!(
        // A delivered mail's body and reply address are dropped at once: they may hold a
        // player's key, and nothing reads them again.
        "UPDATE outbox SET sent_at = $1, attempts = attempts + 1, last_error = NULL, body = '', reply_to = NULL WHERE id IN ({})",
        id_list(ids)
    )
}

/// A value bound to a statement of `Writes`.
#[derive(Clone, Copy, Debug)]
pub enum Value<'a> {
    Int(i64),
    MaybeInt(Option<i64>),
    Text(&'a str),
    MaybeText(Option<&'a str>),
}

/// Statements to run together (`Store::apply`), each written with `?` for its values.
#[derive(Default)]
pub struct Writes<'a> {
    statements: Vec<(String, Vec<Value<'a>>)>,
}

/// The statement with its `?` numbered `$start+1`, `$start+2`, …: the statements written
/// here hold no `?` of their own.
fn number(template: &str, start: usize) -> String {
    let mut out = String::with_capacity(template.len() + template.len() / 2);
    let mut n = start;
    for part in template.split('?').enumerate() {
        if part.0 > 0 {
            n += 1;
            out.push('$');
            out.push_str(&n.to_string());
        }
        out.push_str(part.1);
    }
    out
}

fn bound<'q>(
    sql: &'q str,
    values: &[Value<'q>],
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>> {
    let mut query = sqlx::query(sql);
    for v in values {
        query = match *v {
            Value::Int(i) => query.bind(i),
            Value::MaybeInt(i) => query.bind(i),
            Value::Text(t) => query.bind(t),
            Value::MaybeText(t) => query.bind(t),
        };
    }
    query
}

/// `(?, ?), (?, ?)` for `rows` rows of `columns` values.
fn marks(rows: usize, columns: usize) -> String {
    let row = format!("({})", vec!["?"; columns].join(", "));
    vec![row; rows].join(", ")
}

/// An outbox row's values, in the order the inserts name their columns.
fn mail_values<'a>(m: &NewMail<'a>, now: i64, due: i64) -> [Value<'a>; 7] {
    [
        Value::MaybeInt(m.game_id),
        Value::Text(m.recipient),
        Value::Text(m.subject),
        Value::Text(m.body),
        Value::Int(now),
        Value::Int(due),
        Value::MaybeText(m.reply_to),
    ]
}

impl<'a> Writes<'a> {
    /// Stores turns as (game id, round, turn), replacing the player's turn of that round.
    pub fn put_turns(&mut self, turns: &[(i64, i64, &'a TurnRow)]) {
        for chunk in turns.chunks(ROWS_PER_STATEMENT) {
            let sql = format!(
                "INSERT INTO turns (game_id, round, seat, text, ready, revision, updated_at) VALUES {}
                 ON CONFLICT (game_id, round, seat) DO UPDATE SET text = excluded.text, ready = excluded.ready,
                   revision = excluded.revision, updated_at = excluded.updated_at",
                marks(chunk.len(), 7)
            );
            let mut values = Vec::with_capacity(chunk.len() * 7);
            for (game_id, round, t) in chunk {
                values.extend([
                    Value::Int(*game_id),
                    Value::Int(*round),
                    Value::Int(t.seat),
                    Value::Text(&t.text),
                    Value::Int(t.ready),
                    Value::Int(t.revision),
                    Value::Int(t.updated_at),
                ]);
            }
            self.statements.push((sql, values));
        }
    }

    /// Ends the transaction begun by hand (`Store::begin_on`, `Store::open_round`). When a
    /// statement before it fails, the rest do not run and the caller rolls back.
    pub fn commit(&mut self) {
        self.statements.push(("COMMIT".into(), Vec::new()));
    }

    /// Marks stored inbound messages handled, in the transaction of what they changed, so a
    /// message is never acted on twice: a crash before the commit leaves it `received`, and
    /// it is handled again when it comes back.
    pub fn mark_inbound_handled(&mut self, ids: &[i64]) {
        if ids.is_empty() {
            return;
        }
        self.statements.push((
            format!(
                "UPDATE inbound SET outcome = 'handled' WHERE id IN ({})",
                vec!["?"; ids.len()].join(", ")
            ),
            ids.iter().map(|id| Value::Int(*id)).collect(),
        ));
    }

    pub fn set_close_at(&mut self, game_id: i64, close_at: Option<i64>) {
        self.statements.push((
            "UPDATE games SET close_at = ? WHERE id = ?".into(),
            vec![Value::MaybeInt(close_at), Value::Int(game_id)],
        ));
    }

    /// Queues mails, due now.
    pub fn enqueue_mails(&mut self, mails: &[NewMail<'a>], now: i64) {
        for chunk in mails.chunks(ROWS_PER_STATEMENT) {
            let sql = format!(
                "INSERT INTO outbox (game_id, recipient, subject, body, created_at, next_attempt_at, reply_to) VALUES {}",
                marks(chunk.len(), 7)
            );
            let mut values = Vec::with_capacity(chunk.len() * 7);
            for m in chunk {
                values.extend(mail_values(m, now, now));
            }
            self.statements.push((sql, values));
        }
    }

    /// Queues web confirmations, each due at `due` unless an unsent one with the same key
    /// is waiting: that one takes the new letter and keeps its time.
    pub fn enqueue_summaries(&mut self, mails: &[(NewMail<'a>, &'a str)], now: i64, due: i64) {
        for chunk in mails.chunks(ROWS_PER_STATEMENT) {
            let sql = format!(
                "INSERT INTO outbox (game_id, recipient, subject, body, created_at, next_attempt_at, reply_to, merge_key) VALUES {}
                 ON CONFLICT (merge_key) WHERE merge_key IS NOT NULL DO UPDATE SET recipient = excluded.recipient,
                 subject = excluded.subject, body = excluded.body, created_at = excluded.created_at, reply_to = excluded.reply_to",
                marks(chunk.len(), 8)
            );
            let mut values = Vec::with_capacity(chunk.len() * 8);
            for (m, key) in chunk {
                values.extend(mail_values(m, now, due));
                values.push(Value::Text(key));
            }
            self.statements.push((sql, values));
        }
    }
}

/// Rows per multi-row statement: well under both backends' limits on bound values.
const ROWS_PER_STATEMENT: usize = 100;

/// Ids written into SQL: integers only, so nothing can be injected.
fn id_list(ids: &[i64]) -> String {
    ids.iter()
        .map(|id| id.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// A row lock to take with a SELECT.
#[derive(Clone, Copy)]
enum Lock {
    /// Wait for the row.
    Wait,
    /// Skip a row another transaction holds.
    Skip,
}

/// Every difference between the backends, in one place.
impl Backend {
    /// SQLite takes its single write lock at the start, so a transaction that reads first
    /// cannot fail later with "database is locked"; PostgreSQL locks rows as it goes.
    fn begin_write(self) -> &'static str {
        match self {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => "BEGIN",
        }
    }

    /// The SELECT suffix for a row lock: nothing on SQLite, whose write transactions are
    /// serialised already.
    fn lock(self, lock: Lock) -> &'static str {
        match (self, lock) {
            (Backend::Sqlite, _) => "",
            (Backend::Postgres, Lock::Wait) => " FOR UPDATE",
            (Backend::Postgres, Lock::Skip) => " FOR UPDATE SKIP LOCKED",
        }
    }

    /// How many write transactions are worth running at once.
    pub fn parallel_writes(self) -> usize {
        match self {
            Backend::Sqlite => 1,
            Backend::Postgres => 4,
        }
    }
}

#[derive(Clone, Debug, FromRow)]
pub struct GameRow {
    pub id: i64,
    pub name: String,
    pub listed: i64,
    pub status: String,
    pub round: i64,
    pub state: String,
    pub salt: String,
    pub commitment: String,
    pub gm_email: String,
    pub gm_key_hash: String,
    pub round_seconds: i64,
    pub grace_seconds: i64,
    pub time_zone: String,
    pub deadline: Option<i64>,
    pub remaining: Option<i64>,
    pub close_at: Option<i64>,
    pub gm_notes: String,
    pub gm_done: String,
    pub created_at: i64,
    pub reminder_hours: String,
    pub reminders_sent: String,
}

const GAME_COLUMNS: &str = "id, name, listed, status, round, state, salt, commitment, gm_email, gm_key_hash, round_seconds, grace_seconds, time_zone, deadline, remaining, close_at, gm_notes, gm_done, created_at, reminder_hours, reminders_sent";

pub struct NewGame<'a> {
    pub name: &'a str,
    pub listed: bool,
    pub state: &'a str,
    pub salt: &'a str,
    pub commitment: &'a str,
    pub gm_email: &'a str,
    pub gm_key_hash: &'a str,
    pub round_seconds: i64,
    pub grace_seconds: i64,
    pub time_zone: &'a str,
    /// `open`, or `unconfirmed` for a game waiting for its game master's address.
    pub status: &'a str,
    pub deadline: Option<i64>,
    /// The first round's length, kept while the game waits to start.
    pub remaining: Option<i64>,
    pub now: i64,
    pub reminder_hours: &'a str,
}

#[derive(Clone, Debug, FromRow)]
pub struct PlayerRow {
    pub id: i64,
    pub game_id: i64,
    pub seat: i64,
    pub name: String,
    pub email: String,
    pub key_hash: String,
    /// How often the player's link was replaced; the reply address is signed with it.
    pub key_version: i64,
}

#[derive(Clone, Debug, FromRow)]
pub struct TurnRow {
    pub seat: i64,
    pub text: String,
    pub ready: i64,
    pub revision: i64,
    pub updated_at: i64,
}

#[derive(Clone, Debug, FromRow)]
pub struct MailRow {
    pub id: i64,
    pub game_id: Option<i64>,
    pub reply_to: Option<String>,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    pub created_at: i64,
    pub attempts: i64,
    pub last_error: Option<String>,
    /// The one-click unsubscribe address of a subscription (an observer's bulletin).
    pub unsubscribe: Option<String>,
}

pub struct NewMail<'a> {
    pub game_id: Option<i64>,
    pub reply_to: Option<&'a str>,
    pub recipient: &'a str,
    pub subject: &'a str,
    pub body: &'a str,
    /// Set on a subscription's mail: its `List-Unsubscribe` address.
    pub unsubscribe: Option<&'a str>,
}

/// The schedule fields of a game that GM actions and resolution change together.
pub struct Schedule<'a> {
    pub status: &'a str,
    pub deadline: Option<i64>,
    pub remaining: Option<i64>,
    pub close_at: Option<i64>,
}

impl Store {
    pub async fn insert_game(&self, tx: &mut Conn, g: &NewGame<'_>) -> Result<i64, StoreError> {
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO games (name, listed, status, round, state, salt, commitment, gm_email, gm_key_hash, round_seconds, grace_seconds, time_zone, deadline, created_at, reminder_hours, remaining)
             VALUES ($1, $2, $14, 1, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $15) RETURNING id",
        )
        .bind(g.name)
        .bind(g.listed as i64)
        .bind(g.state)
        .bind(g.salt)
        .bind(g.commitment)
        .bind(g.gm_email)
        .bind(g.gm_key_hash)
        .bind(g.round_seconds)
        .bind(g.grace_seconds)
        .bind(g.time_zone)
        .bind(g.deadline)
        .bind(g.now)
        .bind(g.reminder_hours)
        .bind(g.status)
        .bind(g.remaining)
        .fetch_one(&mut *tx)
        .await?;
        Ok(id)
    }

    pub async fn insert_player(
        &self,
        tx: &mut Conn,
        game_id: i64,
        seat: usize,
        name: &str,
        email: &str,
        key_hash: &str,
    ) -> Result<i64, StoreError> {
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO players (game_id, seat, name, email, key_hash) VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(game_id)
        .bind(seat as i64)
        .bind(name)
        .bind(email)
        .bind(key_hash)
        .fetch_one(&mut *tx)
        .await?;
        Ok(id)
    }

    pub async fn game<'e, E: Executor<'e, Database = Any>>(
        &self,
        e: E,
        id: i64,
    ) -> Result<Option<GameRow>, StoreError> {
        Ok(
            sqlx::query_as(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
                .bind(id)
                .fetch_optional(e)
                .await?,
        )
    }

    /// The game, locked for the rest of the transaction; None when another transaction holds
    /// it already (PostgreSQL), so a second instance moves on instead of waiting.
    pub async fn game_for_update_or_skip(
        &self,
        tx: &mut Conn,
        id: i64,
    ) -> Result<Option<GameRow>, StoreError> {
        let lock = match self.backend {
            Backend::Sqlite => "",
            Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        };
        Ok(sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id = $1{lock}"
        ))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?)
    }

    /// The game, locked for the rest of the transaction where the backend can.
    pub async fn game_for_update(
        &self,
        tx: &mut Conn,
        id: i64,
    ) -> Result<Option<GameRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id = $1{}",
            self.backend.lock(Lock::Wait)
        ))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?)
    }

    pub async fn listed_games(&self) -> Result<Vec<GameRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE listed = 1 AND status <> 'unconfirmed' ORDER BY id DESC LIMIT 200"
        ))
        .fetch_all(&self.pool)
        .await?)
    }

    /// Games whose open round is due: past the deadline, or everyone ready and the grace over.
    /// As (id, round, deadline).
    pub async fn due_games(&self, now: i64) -> Result<Vec<(i64, i64, Option<i64>)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, round, deadline FROM games WHERE status = 'open' AND (deadline <= $1 OR close_at <= $1) ORDER BY id",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?)
    }

    pub async fn players<'e, E: Executor<'e, Database = Any>>(
        &self,
        e: E,
        game_id: i64,
    ) -> Result<Vec<PlayerRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, game_id, seat, name, email, key_hash, key_version FROM players WHERE game_id = $1 ORDER BY seat",
        )
        .bind(game_id)
        .fetch_all(e)
        .await?)
    }

    pub async fn player<'e, E: Executor<'e, Database = Any>>(
        &self,
        e: E,
        id: i64,
    ) -> Result<Option<PlayerRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, game_id, seat, name, email, key_hash, key_version FROM players WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(e)
        .await?)
    }

    pub async fn turns<'e, E: Executor<'e, Database = Any>>(
        &self,
        e: E,
        game_id: i64,
        round: i64,
    ) -> Result<Vec<TurnRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT seat, text, ready, revision, updated_at FROM turns WHERE game_id = $1 AND round = $2 ORDER BY seat",
        )
        .bind(game_id)
        .bind(round)
        .fetch_all(e)
        .await?)
    }

    pub async fn turn<'e, E: Executor<'e, Database = Any>>(
        &self,
        e: E,
        game_id: i64,
        round: i64,
        seat: i64,
    ) -> Result<Option<TurnRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT seat, text, ready, revision, updated_at FROM turns WHERE game_id = $1 AND round = $2 AND seat = $3",
        )
        .bind(game_id)
        .bind(round)
        .bind(seat)
        .fetch_optional(e)
        .await?)
    }

    /// Several games at once, locked for the rest of the transaction where the backend can
    /// (in id order, so two instances never wait on each other crosswise).
    /// Stores turns as given, revision numbers included, replacing the ones before: a few
    /// statements for a whole batch instead of one per turn.
    /// The games of a batch of turns, with their open rounds' turns as (game id, turn), read
    /// in one round trip on SQLite. With `begin`, the write transaction starts first, in the
    /// same trip (the group-commit writer runs its transaction by hand on its own connection).
    pub async fn open_round(
        &self,
        conn: &mut Conn,
        ids: &[i64],
        begin: bool,
    ) -> Result<OpenRound, StoreError> {
        let rows: Vec<AnyRow> = match self.backend {
            Backend::Sqlite => {
                // The ids go in as one JSON array, so the text is always the same and stays
                // prepared.
                let begin = if begin { "BEGIN IMMEDIATE; " } else { "" };
                let (games, turns) = sqlite_open_round();
                let sql = format!("{begin}{games};\n{turns}");
                sqlx::query(&sql)
                    .bind(format!("[{}]", id_list(ids)))
                    .fetch_all(&mut *conn)
                    .await?
            }
            Backend::Postgres => {
                let games = format!(
                    "SELECT {GAME_COLUMNS} FROM games WHERE id IN ({}) ORDER BY id{}",
                    id_list(ids),
                    self.backend.lock(Lock::Wait)
                );
                let turns = format!("{OPEN_TURNS} ({})", id_list(ids));
                if begin {
                    sqlx::query("BEGIN").execute(&mut *conn).await?;
                }
                let mut rows: Vec<AnyRow> = sqlx::query(&games).fetch_all(&mut *conn).await?;
                rows.extend(sqlx::query(&turns).fetch_all(&mut *conn).await?);
                rows
            }
        };
        // The two kinds of rows differ in width.
        let mut games = Vec::new();
        let mut turns = Vec::new();
        for row in &rows {
            if row.columns().len() == TURN_COLUMNS {
                turns.push((
                    row.try_get(0)?,
                    TurnRow {
                        seat: row.try_get(1)?,
                        text: row.try_get(2)?,
                        ready: row.try_get(3)?,
                        revision: row.try_get(4)?,
                        updated_at: row.try_get(5)?,
                    },
                ));
            } else {
                games.push(GameRow::from_row(row)?);
            }
        }
        Ok((games, turns))
    }

    /// Starts a write transaction on a connection kept by the caller, by hand: see `open_round`.
    pub async fn begin_on(&self, conn: &mut Conn) -> Result<(), StoreError> {
        sqlx::query(self.backend.begin_write())
            .execute(&mut *conn)
            .await?;
        Ok(())
    }

    pub async fn commit_on(&self, conn: &mut Conn) -> Result<(), StoreError> {
        sqlx::query("COMMIT").execute(&mut *conn).await?;
        Ok(())
    }

    pub async fn rollback_on(&self, conn: &mut Conn) -> Result<(), StoreError> {
        sqlx::query("ROLLBACK").execute(&mut *conn).await?;
        Ok(())
    }

    /// Runs writes gathered together: on SQLite one round trip to its worker thread for all
    /// of them (one string of statements, values numbered across it), on PostgreSQL one
    /// statement after another.
    pub async fn apply(&self, conn: &mut Conn, writes: &Writes<'_>) -> Result<(), StoreError> {
        if writes.statements.is_empty() {
            return Ok(());
        }
        match self.backend {
            Backend::Sqlite => {
                let mut sql = String::new();
                let mut values = Vec::new();
                for (template, v) in &writes.statements {
                    sql.push_str(&number(template, values.len()));
                    sql.push_str(";\n");
                    values.extend_from_slice(v);
                }
                bound(&sql, &values).execute(&mut *conn).await?;
            }
            Backend::Postgres => {
                for (template, values) in &writes.statements {
                    let sql = number(template, 0);
                    bound(&sql, values).execute(&mut *conn).await?;
                }
            }
        }
        Ok(())
    }

    pub async fn delete_turn(
        &self,
        tx: &mut Conn,
        game_id: i64,
        round: i64,
        seat: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM turns WHERE game_id = $1 AND round = $2 AND seat = $3")
            .bind(game_id)
            .bind(round)
            .bind(seat)
            .execute(&mut *tx)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    pub async fn set_close_at(
        &self,
        tx: &mut Conn,
        game_id: i64,
        close_at: Option<i64>,
    ) -> Result<(), StoreError> {
        let mut writes = Writes::default();
        writes.set_close_at(game_id, close_at);
        self.apply(tx, &writes).await
    }

    pub async fn set_schedule(
        &self,
        tx: &mut Conn,
        game_id: i64,
        s: &Schedule<'_>,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET status = $1, deadline = $2, remaining = $3, close_at = $4 WHERE id = $5")
            .bind(s.status)
            .bind(s.deadline)
            .bind(s.remaining)
            .bind(s.close_at)
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
        Ok(())
    }

    pub async fn set_gm_pending(
        &self,
        tx: &mut Conn,
        game_id: i64,
        notes: &str,
        done: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET gm_notes = $1, gm_done = $2 WHERE id = $3")
            .bind(notes)
            .bind(done)
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
        Ok(())
    }

    /// Moves a game past a resolved round, only if that round is still the open one: a round
    /// is never resolved twice. Returns false when someone else got there first.
    pub async fn advance_round(
        &self,
        tx: &mut Conn,
        game_id: i64,
        resolved_round: i64,
        state: &str,
        s: &Schedule<'_>,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE games SET round = $1, state = $2, status = $3, deadline = $4, remaining = $5, close_at = $6,
               gm_notes = '[]', gm_done = '[]', reminders_sent = ''
             WHERE id = $7 AND round = $8 AND status <> 'over'",
        )
        .bind(if s.status == "over" { resolved_round } else { resolved_round + 1 })
        .bind(state)
        .bind(s.status)
        .bind(s.deadline)
        .bind(s.remaining)
        .bind(s.close_at)
        .bind(game_id)
        .bind(resolved_round)
        .execute(&mut *tx)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn insert_bulletin(
        &self,
        tx: &mut Conn,
        game_id: i64,
        round: i64,
        body: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO bulletins (game_id, round, body, created_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(game_id)
        .bind(round)
        .bind(body)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        Ok(())
    }

    pub async fn insert_report(
        &self,
        tx: &mut Conn,
        game_id: i64,
        round: i64,
        seat: i64,
        body: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO reports (game_id, round, seat, body) VALUES ($1, $2, $3, $4)")
            .bind(game_id)
            .bind(round)
            .bind(seat)
            .bind(body)
            .execute(&mut *tx)
            .await?;
        Ok(())
    }

    /// Every bulletin of a game as (round, JSON body, created_at), newest first.
    pub async fn bulletins(&self, game_id: i64) -> Result<Vec<(i64, String, i64)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT round, body, created_at FROM bulletins WHERE game_id = $1 ORDER BY round DESC",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?)
    }

    pub async fn bulletin(
        &self,
        game_id: i64,
        round: i64,
    ) -> Result<Option<(String, i64)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT body, created_at FROM bulletins WHERE game_id = $1 AND round = $2",
        )
        .bind(game_id)
        .bind(round)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// One player's private reports as (round, JSON body), oldest first.
    pub async fn reports(&self, game_id: i64, seat: i64) -> Result<Vec<(i64, String)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT round, body FROM reports WHERE game_id = $1 AND seat = $2 ORDER BY round",
        )
        .bind(game_id)
        .bind(seat)
        .fetch_all(&self.pool)
        .await?)
    }

    /// A player's stored Information Sheet: the last round it covers, and its JSON.
    pub async fn sheet(
        &self,
        game_id: i64,
        seat: i64,
    ) -> Result<Option<(i64, String)>, StoreError> {
        Ok(
            sqlx::query_as("SELECT round, body FROM sheets WHERE game_id = $1 AND seat = $2")
                .bind(game_id)
                .bind(seat)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Stores a sheet unless one for a later round is there already (instances may race).
    pub async fn put_sheet(
        &self,
        game_id: i64,
        seat: i64,
        round: i64,
        body: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "INSERT INTO sheets (game_id, seat, round, body, computed_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (game_id, seat) DO UPDATE SET round = excluded.round, body = excluded.body,
             computed_at = excluded.computed_at WHERE sheets.round < excluded.round",
        )
        .bind(game_id)
        .bind(seat)
        .bind(round)
        .bind(body)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Games with a resolved round that some player's sheet does not cover yet.
    pub async fn games_needing_sheets(&self, limit: i64) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as(
            "SELECT b.game_id FROM bulletins b JOIN players p ON p.game_id = b.game_id
             LEFT JOIN sheets s ON s.game_id = p.game_id AND s.seat = p.seat
             GROUP BY b.game_id HAVING MAX(b.round) > MIN(COALESCE(s.round, 0))
             ORDER BY b.game_id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// Queues many mails with a few statements.
    /// Makes a game's waiting web confirmations due now.
    pub async fn summaries_due(
        &self,
        tx: &mut Conn,
        game_id: i64,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE outbox SET next_attempt_at = $1 WHERE game_id = $2 AND merge_key IS NOT NULL AND next_attempt_at > $1",
        )
        .bind(now)
        .bind(game_id)
        .execute(&mut *tx)
        .await?;
        Ok(())
    }

    pub async fn enqueue_mail(
        &self,
        tx: &mut Conn,
        m: &NewMail<'_>,
        now: i64,
    ) -> Result<i64, StoreError> {
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO outbox (game_id, recipient, subject, body, created_at, next_attempt_at, reply_to, unsubscribe) VALUES ($1, $2, $3, $4, $5, $5, $6, $7) RETURNING id",
        )
        .bind(m.game_id)
        .bind(m.recipient)
        .bind(m.subject)
        .bind(m.body)
        .bind(now)
        .bind(m.reply_to)
        .bind(m.unsubscribe)
        .fetch_one(&mut *tx)
        .await?;
        Ok(id)
    }

    /// Claims up to `limit` mails due for delivery: each is pushed `lease` seconds into the
    /// future first, so no other worker takes it while this one sends.
    pub async fn claim_mail(
        &self,
        now: i64,
        lease: i64,
        limit: i64,
    ) -> Result<Vec<MailRow>, StoreError> {
        // Look without the write lock first: most ticks find nothing to send.
        let due: Option<(i64,)> = sqlx::query_as(
            "SELECT id FROM outbox WHERE sent_at IS NULL AND next_attempt_at <= $1 LIMIT 1",
        )
        .bind(now)
        .fetch_optional(&self.pool)
        .await?;
        if due.is_none() {
            return Ok(Vec::new());
        }
        let mut tx = self.write().await?;
        let rows = self.claim_mail_in(&mut tx, now, lease, limit).await?;
        tx.commit().await?;
        Ok(rows)
    }

    /// Whether any mail is due for delivery, read without the write lock.
    pub async fn mail_due(&self, now: i64) -> Result<bool, StoreError> {
        let due: Option<(i64,)> = sqlx::query_as(
            "SELECT id FROM outbox WHERE sent_at IS NULL AND next_attempt_at <= $1 LIMIT 1",
        )
        .bind(now)
        .fetch_optional(&self.pool)
        .await?;
        Ok(due.is_some())
    }

    /// Claims due mails inside a write transaction: they are pushed `lease` seconds ahead.
    pub async fn claim_mail_in(
        &self,
        tx: &mut Conn,
        now: i64,
        lease: i64,
        limit: i64,
    ) -> Result<Vec<MailRow>, StoreError> {
        let rows: Vec<MailRow> =
            sqlx::query_as(&format!("{CLAIM_MAIL}{}", self.backend.lock(Lock::Skip)))
                .bind(now)
                .bind(limit)
                .fetch_all(&mut *tx)
                .await?;
        if !rows.is_empty() {
            let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
            sqlx::query(&claimed(&ids))
                .bind(now + lease)
                .execute(&mut *tx)
                .await?;
        }
        Ok(rows)
    }

    /// Marks delivered mails sent, in one write.
    pub async fn mails_sent(&self, ids: &[i64], now: i64) -> Result<(), StoreError> {
        if ids.is_empty() {
            return Ok(());
        }
        let mut conn = self.pool.acquire().await?;
        self.mails_sent_in(&mut conn, ids, now).await
    }

    pub async fn mails_sent_in(
        &self,
        conn: &mut Conn,
        ids: &[i64],
        now: i64,
    ) -> Result<(), StoreError> {
        if ids.is_empty() {
            return Ok(());
        }
        sqlx::query(&sent(ids))
            .bind(now)
            .execute(&mut *conn)
            .await?;
        Ok(())
    }

    pub async fn mail_failed(&self, id: i64, error: &str, retry_at: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE outbox SET attempts = attempts + 1, last_error = $1, next_attempt_at = $2 WHERE id = $3")
            .bind(error)
            .bind(retry_at)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Gives a mail up for good (the server refused it permanently): never retried, and the
    /// refusal recorded as a bounce of its recipient, in one transaction.
    pub async fn mail_refused(&self, id: i64, reason: &str, now: i64) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "UPDATE outbox SET attempts = attempts + 1, last_error = $1, given_up_at = $2, \
             next_attempt_at = $3, body = '', reply_to = NULL WHERE id = $4",
        )
        .bind(reason)
        .bind(now)
        .bind(i64::MAX / 2)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO bounces (game_id, email, round, reason, at) \
             SELECT o.game_id, o.recipient, g.round, $1, $2 FROM outbox o \
             LEFT JOIN games g ON g.id = o.game_id WHERE o.id = $3",
        )
        .bind(reason)
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The game and recipient of an outbox row (a bounce names the row it came back for).
    pub async fn outbox_recipient(
        &self,
        id: i64,
    ) -> Result<Option<(Option<i64>, String)>, StoreError> {
        Ok(
            sqlx::query_as("SELECT game_id, recipient FROM outbox WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// The games a player's address is registered in, newest first.
    pub async fn games_of_address(&self, email: &str) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as(
            "SELECT DISTINCT game_id FROM players WHERE lower(email) = lower($1) ORDER BY game_id DESC",
        )
        .bind(email)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| r.0).collect())
    }

    /// Records that mail to `email` in a game could not be delivered.
    pub async fn record_bounce(
        &self,
        game_id: Option<i64>,
        email: &str,
        reason: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "INSERT INTO bounces (game_id, email, round, reason, at) \
             VALUES ($1, $2, (SELECT round FROM games WHERE id = $1), $3, $4)",
        )
        .bind(game_id)
        .bind(email)
        .bind(reason)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// A game's bounces, oldest first: (address, round, reason).
    pub async fn bounces(
        &self,
        game_id: i64,
    ) -> Result<Vec<(String, Option<i64>, String)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT email, round, reason FROM bounces WHERE game_id = $1 ORDER BY id",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Mails of a game that failed at least once and are not sent yet.
    pub async fn failing_mail(&self, game_id: i64) -> Result<Vec<MailRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, game_id, reply_to, recipient, subject, body, created_at, attempts, last_error, unsubscribe FROM outbox
             WHERE game_id = $1 AND sent_at IS NULL AND given_up_at IS NULL AND last_error IS NOT NULL ORDER BY id",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?)
    }

    pub async fn unsent_mail_count(&self) -> Result<i64, StoreError> {
        let (n,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND given_up_at IS NULL",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(n)
    }

    // ----- play by mail -----

    /// Stores a raw inbound message before anything else is done with it; None when a
    /// message with the same key (`mail::inbound::message_key`) is stored already.
    pub async fn insert_inbound(
        &self,
        raw: &[u8],
        key: &str,
        now: i64,
    ) -> Result<Option<i64>, StoreError> {
        let mut tx = self.write().await?;
        let id = self.insert_inbound_in(&mut tx, raw, key, now).await?;
        tx.commit().await?;
        Ok(id)
    }

    pub async fn insert_inbound_in(
        &self,
        tx: &mut Conn,
        raw: &[u8],
        key: &str,
        now: i64,
    ) -> Result<Option<i64>, StoreError> {
        let row: Option<(i64,)> = sqlx::query_as(INSERT_INBOUND)
            .bind(now)
            .bind(raw.to_vec())
            .bind(key)
            .fetch_optional(&mut *tx)
            .await?;
        Ok(row.map(|r| r.0))
    }

    /// Takes or renews the lease `name` for `holder` until `now + seconds`: true when
    /// `holder` has it now (it was free, expired, or already theirs).
    pub async fn take_lease(
        &self,
        name: &str,
        holder: &str,
        now: i64,
        seconds: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "INSERT INTO leases (name, holder, until) VALUES ($1, $2, $3) \
             ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until \
             WHERE leases.holder = excluded.holder OR leases.until < $4",
        )
        .bind(name)
        .bind(holder)
        .bind(now + seconds)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let (held,): (String,) = sqlx::query_as("SELECT holder FROM leases WHERE name = $1")
            .bind(name)
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(held == holder)
    }

    /// Drops the raw text of inbound mail received before `before`; the row (who, when,
    /// outcome) stays. Returns how many were dropped.
    pub async fn purge_inbound(&self, before: i64) -> Result<u64, StoreError> {
        let mut tx = self.write().await?;
        let done =
            sqlx::query("UPDATE inbound SET raw = $1 WHERE received_at < $2 AND length(raw) > 0")
                .bind(Vec::<u8>::new())
                .bind(before)
                .execute(&mut *tx)
                .await?;
        tx.commit().await?;
        Ok(done.rows_affected())
    }

    /// The stored message with this key: its id and outcome (`received` until it was handled).
    pub async fn inbound_by_key(&self, key: &str) -> Result<Option<(i64, String)>, StoreError> {
        Ok(
            sqlx::query_as("SELECT id, outcome FROM inbound WHERE message_key = $1")
                .bind(key)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    pub async fn set_inbound_outcome(
        &self,
        id: i64,
        sender: Option<&str>,
        outcome: &str,
        game_id: Option<i64>,
        player_id: Option<i64>,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE inbound SET sender = $1, outcome = $2, game_id = $3, player_id = $4 WHERE id = $5")
            .bind(sender)
            .bind(outcome)
            .bind(game_id)
            .bind(player_id)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Inbound messages of a game that changed nothing because their key was wrong or missing.
    pub async fn refused_inbound(&self, game_id: i64) -> Result<i64, StoreError> {
        let (n,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM inbound WHERE game_id = $1 AND outcome = 'bad key'",
        )
        .bind(game_id)
        .fetch_one(&self.pool)
        .await?;
        Ok(n)
    }

    pub async fn inbound_outcome(&self, id: i64) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_as::<_, (String,)>("SELECT outcome FROM inbound WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?
                .map(|r| r.0),
        )
    }

    /// Gives a player a new key: the old link and reply address stop working.
    pub async fn replace_player_key(
        &self,
        tx: &mut Conn,
        player_id: i64,
        key_hash: &str,
    ) -> Result<i64, StoreError> {
        let (version,): (i64,) = sqlx::query_as(
            "UPDATE players SET key_hash = $1, key_version = key_version + 1 WHERE id = $2 \
             RETURNING key_version",
        )
        .bind(key_hash)
        .bind(player_id)
        .fetch_one(&mut *tx)
        .await?;
        Ok(version)
    }

    pub async fn player_by_key_hash(&self, hash: &str) -> Result<Option<PlayerRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, game_id, seat, name, email, key_hash, key_version FROM players WHERE key_hash = $1",
        )
        .bind(hash)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Whether any player of any game is registered with this address.
    pub async fn is_registered(&self, email: &str) -> Result<bool, StoreError> {
        let row: Option<(i64,)> =
            sqlx::query_as("SELECT p.id FROM players p JOIN games g ON g.id = p.game_id WHERE LOWER(p.email) = LOWER($1) AND g.status <> 'unconfirmed' LIMIT 1")
                .bind(email)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.is_some())
    }

    /// Whether an address was sent the keyless `help` since `since`.
    pub async fn helped_since(&self, email: &str, since: i64) -> Result<bool, StoreError> {
        let row: Option<(i64,)> = sqlx::query_as(
            "SELECT id FROM inbound WHERE sender = $1 AND outcome = 'help' AND received_at >= $2 LIMIT 1",
        )
        .bind(email)
        .bind(since)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }

    /// A secret of the service, made on first use and kept from then on.
    pub async fn secret(&self, name: &str, fresh: &str) -> Result<String, StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
        )
        .bind(name)
        .bind(fresh)
        .execute(&mut *tx)
        .await?;
        let (value,): (String,) = sqlx::query_as("SELECT value FROM secrets WHERE name = $1")
            .bind(name)
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(value)
    }

    pub async fn add_observer(
        &self,
        tx: &mut Conn,
        game_id: i64,
        email: &str,
        key_hash: &str,
        now: i64,
    ) -> Result<Option<i64>, StoreError> {
        let row: Option<(i64,)> = sqlx::query_as(
            "INSERT INTO observers (game_id, email, key_hash, created_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (game_id, email) DO NOTHING RETURNING id",
        )
        .bind(game_id)
        .bind(email)
        .bind(key_hash)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        Ok(row.map(|r| r.0))
    }

    /// Observers of a game whose address confirmed, as (id, email, key hash).
    pub async fn observers<'e, E: Executor<'e, Database = Any>>(
        &self,
        e: E,
        game_id: i64,
    ) -> Result<Vec<(i64, String, String)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, email, key_hash FROM observers WHERE game_id = $1 AND confirmed_at IS NOT NULL ORDER BY id",
        )
        .bind(game_id)
        .fetch_all(e)
        .await?)
    }

    pub async fn observer(&self, id: i64) -> Result<Option<(i64, String, String)>, StoreError> {
        Ok(
            sqlx::query_as("SELECT game_id, email, key_hash FROM observers WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// An address's subscription to a game: (id, created at, confirmed at).
    pub async fn observer_of(
        &self,
        game_id: i64,
        email: &str,
    ) -> Result<Option<(i64, i64, Option<i64>)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, created_at, confirmed_at FROM observers WHERE game_id = $1 AND lower(email) = lower($2)",
        )
        .bind(game_id)
        .bind(email)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Subscriptions of an address not confirmed, asked for since `since`.
    pub async fn unconfirmed_observers(&self, email: &str, since: i64) -> Result<i64, StoreError> {
        let (n,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM observers WHERE lower(email) = lower($1) AND confirmed_at IS NULL AND created_at >= $2",
        )
        .bind(email)
        .bind(since)
        .fetch_one(&self.pool)
        .await?;
        Ok(n)
    }

    /// A confirmation request is sent again: it counts as asked now.
    pub async fn observer_asked_again(&self, id: i64, now: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE observers SET created_at = $1 WHERE id = $2")
            .bind(now)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The address confirmed it wants the bulletins; true when it had not before.
    pub async fn confirm_observer(&self, id: i64, now: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE observers SET confirmed_at = $1 WHERE id = $2 AND confirmed_at IS NULL",
        )
        .bind(now)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Games made by an address (as game master) that still wait for it to confirm.
    pub async fn unconfirmed_games(&self, gm_email: &str) -> Result<i64, StoreError> {
        let (n,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM games WHERE lower(gm_email) = lower($1) AND status = 'unconfirmed'",
        )
        .bind(gm_email)
        .fetch_one(&self.pool)
        .await?;
        Ok(n)
    }

    pub async fn remove_observer(&self, id: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM observers WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Open games whose deadline is within `horizon` seconds: candidates for reminders.
    pub async fn games_due_within(&self, now: i64, horizon: i64) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as("SELECT id FROM games WHERE status = 'open' AND deadline > $1 AND deadline <= $2 ORDER BY id")
            .bind(now)
            .bind(now + horizon)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.into_iter().map(|r| r.0).collect())
    }

    pub async fn set_reminder_hours(
        &self,
        tx: &mut Conn,
        game_id: i64,
        hours: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET reminder_hours = $1 WHERE id = $2")
            .bind(hours)
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
        Ok(())
    }

    pub async fn set_reminders_sent(
        &self,
        tx: &mut Conn,
        game_id: i64,
        sent: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET reminders_sent = $1 WHERE id = $2")
            .bind(sent)
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
        Ok(())
    }

    /// Counts for operators and tests: games, open games, bulletins, mails sent and waiting.
    pub async fn stats(&self) -> Result<Stats, StoreError> {
        let (games, open, bulletins, sent, unsent): (i64, i64, i64, i64, i64) = sqlx::query_as(
            "SELECT (SELECT COUNT(*) FROM games), (SELECT COUNT(*) FROM games WHERE status = 'open'),
                    (SELECT COUNT(*) FROM bulletins), (SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL),
                    (SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL)",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(Stats {
            games,
            open,
            bulletins,
            sent,
            unsent,
        })
    }

    /// Moves the deadline of every open game to `at`: for load tests of a deadline storm.
    pub async fn set_every_deadline(&self, at: i64) -> Result<u64, StoreError> {
        let mut tx = self.write().await?;
        let done = sqlx::query("UPDATE games SET deadline = $1 WHERE status = 'open'")
            .bind(at)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(done.rows_affected())
    }

    /// Every outbox row id: each is one mail with Message-ID `<outbox-ID@domain>`.
    pub async fn mail_ids(&self) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as("SELECT id FROM outbox ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.into_iter().map(|r| r.0).collect())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Stats {
    pub games: i64,
    pub open: i64,
    pub bulletins: i64,
    pub sent: i64,
    pub unsent: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_writers_own_connection_opens_the_file_of_the_url_and_never_a_memory_database() {
        let file = |url: &str| sqlite_file(&normalise_url(url));
        assert_eq!(file("games.db").as_deref(), Some("games.db"));
        assert_eq!(
            file("sqlite:data/games.db").as_deref(),
            Some("data/games.db")
        );
        assert_eq!(
            file("sqlite:///srv/games.db?mode=rwc").as_deref(),
            Some("/srv/games.db")
        );
        assert_eq!(file("sqlite::memory:"), None);
        assert_eq!(file("sqlite://shared?mode=memory&cache=shared"), None);
        assert_eq!(file("postgres://gm@localhost/games"), None);
    }
}
