//! The database: games, players, turns, bulletins, private reports, sheets, the mail outbox,
//! inbound mail, observers and the service's secrets, one file per table.
//! The only place with SQL. Queries are runtime `query`/`query_as` with `$N` placeholders so
//! one text serves SQLite and PostgreSQL; times are integer epoch seconds. Each row type
//! decodes itself once, by column name, over both drivers (`rows`).
//!
//! Calling convention: a read that may run inside a transaction or on the pool takes any
//! executor (`&self.pool`, `&mut *tx`); a write takes the caller's transaction (`&mut Tx`),
//! which rolls back if it is dropped uncommitted; a method that needs no caller's transaction
//! runs its own. The group-commit writer's batches run through `batch`.

use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{Any, AnyConnection, AnyPool, ConnectOptions, Executor, Transaction};

pub mod batch;
mod bulletins;
mod closing;
pub mod copy;
pub mod direct;
mod fill;
pub mod games;
mod inbound;
mod observers;
mod outbox;
mod pages;
#[cfg(test)]
mod plans;
mod players;
mod reader;
pub(crate) mod rows;
mod secrets;
mod sheets;
mod signups;
mod site_settings;
mod stats;
mod turns;
mod writes;

pub use bulletins::{BulletinRow, ReportRow};
pub use closing::Closing;
pub use games::{DueRound, GameRow, GameStatus, NewGame, Ruleset, Schedule};
pub use observers::ObserverRow;
pub use outbox::{BounceRow, MailRow, NewMail};
pub use players::PlayerRow;
pub use reader::PlayerPage;
pub use signups::{SeatingRow, SignupKind, SignupRow, SignupStatus, FORMING_PAGE, STANDBY_PAGE};
pub use stats::Stats;
pub use turns::{OpenRound, TurnRow};
pub use writes::{Value, Writes};

use inbound::INSERT_INBOUND;
use outbox::{claimed, sent, CLAIM_MAIL};

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
    /// Not done, and nothing changed: the message says why and what to do.
    #[error("{0}")]
    Refused(String),
    /// A stored value that does not read as what its column holds.
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
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
/// Makes a file the service wrote readable and writable by its user alone (0600): the
/// database, its journal files, backups, outbox mail. A file that is not there is left so.
pub fn keep_private(path: &std::path::Path) {
    use std::os::unix::fs::PermissionsExt;
    if path.exists() {
        if let Err(e) = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)) {
            tracing::warn!(file = %path.display(), error = %e, "cannot make a file private");
        }
    }
}

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
        let store = Store::open(url).await?;
        store.migrate().await?;
        Ok(store)
    }

    /// The newest schema version this build knows.
    pub fn latest_version(&self) -> i64 {
        self.migrator().iter().map(|m| m.version).max().unwrap_or(0)
    }

    fn migrator(&self) -> sqlx::migrate::Migrator {
        match self.backend {
            Backend::Sqlite => sqlx::migrate!("migrations/sqlite"),
            Backend::Postgres => sqlx::migrate!("migrations/postgres"),
        }
    }

    /// Brings the schema to this build's version. A database a newer build has written is
    /// refused, untouched, with what to do.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        let found = self.schema_version().await?;
        let latest = self.latest_version();
        if found > latest {
            return Err(StoreError::Refused(format!(
                "the database is at schema version {found}, newer than this polysleuth knows ({latest}): \
                 run the polysleuth that wrote it, or restore a backup made before the upgrade"
            )));
        }
        self.migrator().run(&self.pool).await?;
        Ok(())
    }

    /// Brings the schema to `version` and no further: the upgrade test builds every earlier
    /// schema with it, fills it, then migrates it to the newest.
    pub async fn migrate_to(&self, version: i64) -> Result<(), StoreError> {
        let all = self.migrator();
        let migrations: Vec<_> = all
            .migrations
            .iter()
            .filter(|m| m.version <= version)
            .cloned()
            .collect();
        let migrator = sqlx::migrate::Migrator {
            migrations: std::borrow::Cow::Owned(migrations),
            ..all
        };
        migrator.run(&self.pool).await?;
        Ok(())
    }

    /// Connects without touching the schema (`db status`, and the source of `db copy`).
    pub async fn open(url: &str) -> Result<Store, StoreError> {
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
        let sqlite_file = match backend {
            Backend::Sqlite => sqlite_file(&url),
            Backend::Postgres => None,
        };
        // The database holds the secret that signs every reply address: its user's alone.
        if let Some(file) = &sqlite_file {
            for path in [file.clone(), format!("{file}-wal"), format!("{file}-shm")] {
                keep_private(std::path::Path::new(&path));
            }
        }
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

    /// Within a write transaction, waits for any other one that holds `address` and holds it
    /// until this one ends: caps on what one address is sent are counted and kept one request
    /// after another, on every instance.
    pub async fn lock_address(&self, tx: &mut Conn, address: &str) -> Result<(), StoreError> {
        if let Some(sql) = self.backend.lock_name() {
            sqlx::query(sql).bind(address).execute(&mut *tx).await?;
        }
        Ok(())
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

    /// A statement that holds, until the transaction ends, a lock named by one text (an
    /// address, whatever its case): two transactions counting what one address was sent, then
    /// adding to it, take turns. None on SQLite, whose write transactions take turns already.
    fn lock_name(self) -> Option<&'static str> {
        match self {
            Backend::Sqlite => None,
            Backend::Postgres => {
                Some("SELECT pg_advisory_xact_lock(hashtextextended(lower($1), 1847))")
            }
        }
    }

    /// Begins a read-only transaction that sees one moment of the database throughout.
    fn begin_snapshot(self) -> &'static str {
        match self {
            // A deferred transaction reads one snapshot from its first read on (WAL).
            Backend::Sqlite => "BEGIN",
            Backend::Postgres => "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
        }
    }
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
