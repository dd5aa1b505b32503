//! Moving a service's whole database to another one (`polysleuth db copy`, `db restore`):
//! every table, rows and ids as they are, read in one consistent snapshot of the source and
//! written in one transaction to an empty target of the same schema version, then checked
//! table by table — the count and a digest of every row must agree. Links, reply addresses
//! and commitments keep working because keys, secrets and ids move unchanged.

use std::fmt::Write as _;

use futures_util::TryStreamExt;
use sha2::{Digest, Sha256};
use sqlx::any::{AnyRow, AnyTypeInfoKind};
use sqlx::{Column, Row, ValueRef};

use super::{Backend, Store, StoreError};

/// Every table, parents before children, with the order its rows are read and compared in.
pub const TABLES: [(&str, &str); 19] = [
    ("secrets", "name"),
    ("site_settings", "name"),
    ("games", "id"),
    ("seating", "game_id"),
    ("players", "id"),
    ("signups", "id"),
    ("turns", "game_id, round, seat"),
    ("bulletins", "game_id, round"),
    ("reports", "game_id, round, seat"),
    ("sheets", "game_id, seat"),
    ("observers", "id"),
    ("outbox", "id"),
    ("digests", "id"),
    ("bounces", "id"),
    ("inbound", "id"),
    ("leases", "name"),
    ("daily_cases", "day, variant"),
    ("daily_plays", "id"),
    ("daily_answers", "mailbox, kind"),
];

/// Tables whose ids a sequence hands out on PostgreSQL.
const SERIAL: [&str; 9] = [
    "games",
    "daily_plays",
    "players",
    "signups",
    "observers",
    "outbox",
    "digests",
    "bounces",
    "inbound",
];

/// Rows per insert statement.
const CHUNK: usize = 200;

/// One value of a row, as both databases hold it.
#[derive(Clone, Debug, PartialEq)]
enum Cell {
    Null,
    Int(i64),
    Text(String),
    Blob(Vec<u8>),
}

/// What a copy moved: per table, its rows and their digest.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Copied {
    pub table: &'static str,
    pub rows: u64,
    pub digest: String,
}

fn cells(row: &AnyRow) -> Result<Vec<Cell>, StoreError> {
    let mut out = Vec::with_capacity(row.columns().len());
    for i in 0..row.columns().len() {
        let raw = row.try_get_raw(i)?;
        if raw.is_null() {
            out.push(Cell::Null);
            continue;
        }
        let kind = raw.type_info().kind();
        out.push(match kind {
            AnyTypeInfoKind::Blob => Cell::Blob(row.try_get(i)?),
            AnyTypeInfoKind::Text => Cell::Text(row.try_get(i)?),
            AnyTypeInfoKind::SmallInt | AnyTypeInfoKind::Integer | AnyTypeInfoKind::BigInt => {
                Cell::Int(row.try_get(i)?)
            }
            other => {
                return Err(StoreError::Corrupt(format!(
                    "column {} holds a value of type {other:?}, which no table of this service has",
                    row.columns()[i].name()
                )))
            }
        });
    }
    Ok(out)
}

/// Feeds a row into a table's digest: each value with its kind, so `NULL`, `0` and `''` differ.
fn digest_row(hash: &mut Sha256, row: &[Cell]) {
    for cell in row {
        match cell {
            Cell::Null => hash.update(b"n;"),
            Cell::Int(i) => hash.update(format!("i{i};")),
            Cell::Text(t) => {
                hash.update(format!("t{}:", t.len()));
                hash.update(t.as_bytes());
            }
            Cell::Blob(b) => {
                hash.update(format!("b{}:", b.len()));
                hash.update(b);
            }
        }
    }
    hash.update(b"\n");
}

impl Store {
    /// The schema version: the newest migration applied (0 for a database never migrated).
    pub async fn schema_version(&self) -> Result<i64, StoreError> {
        let found: Result<(Option<i64>,), sqlx::Error> =
            sqlx::query_as("SELECT MAX(version) FROM _sqlx_migrations WHERE success = TRUE")
                .fetch_one(&self.pool)
                .await;
        match found {
            Ok((v,)) => Ok(v.unwrap_or(0)),
            // No migrations table: not a database of this service, or a new one.
            Err(_) => Ok(0),
        }
    }

    /// Rows per table, in `TABLES` order.
    pub async fn counts(&self) -> Result<Vec<(&'static str, i64)>, StoreError> {
        let mut out = Vec::new();
        for (table, _) in TABLES {
            let (n,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) FROM {table}"))
                .fetch_one(&self.pool)
                .await?;
            out.push((table, n));
        }
        Ok(out)
    }

    /// Every table's count and digest, read in one snapshot.
    pub async fn digests(&self) -> Result<Vec<Copied>, StoreError> {
        self.walk(None).await
    }

    /// Reads every table in one snapshot, digesting each row and, given a transaction of
    /// another database, inserting the rows there as they come.
    async fn walk(&self, mut into: Option<&mut super::Tx>) -> Result<Vec<Copied>, StoreError> {
        let mut source = self.pool.acquire().await?;
        sqlx::query(self.backend.begin_snapshot())
            .execute(&mut *source)
            .await?;
        let mut out = Vec::new();
        for (table, order) in TABLES {
            let mut hash = Sha256::new();
            let mut rows = 0u64;
            let mut chunk: Vec<Vec<Cell>> = Vec::new();
            let mut names: Vec<String> = Vec::new();
            let sql = format!("SELECT * FROM {table} ORDER BY {order}");
            let mut stream = sqlx::query(&sql).fetch(&mut *source);
            while let Some(row) = stream.try_next().await? {
                let cells = cells(&row)?;
                digest_row(&mut hash, &cells);
                rows += 1;
                if let Some(tx) = into.as_deref_mut() {
                    if names.is_empty() {
                        names = row.columns().iter().map(|c| c.name().to_string()).collect();
                    }
                    chunk.push(cells);
                    if chunk.len() == CHUNK {
                        insert(tx, table, &names, &std::mem::take(&mut chunk)).await?;
                    }
                }
            }
            drop(stream);
            if let Some(tx) = into.as_deref_mut() {
                insert(tx, table, &names, &chunk).await?;
            }
            out.push(Copied {
                table,
                rows,
                digest: hex::encode(hash.finalize()),
            });
        }
        sqlx::query("COMMIT").execute(&mut *source).await?;
        Ok(out)
    }

    /// Copies every row of this database into `target`, which must be empty and of the same
    /// schema version; checks every table's count and digest after. Nothing is written to the
    /// target unless all of it is.
    pub async fn copy_to(&self, target: &Store) -> Result<Vec<Copied>, StoreError> {
        let (from, to) = (self.schema_version().await?, target.schema_version().await?);
        if from != to {
            return Err(StoreError::Refused(format!(
                "the source is at schema version {from} and the target at {to}: start `polysleuth serve` once on the source (or restore it with this version), so both are at the same version"
            )));
        }
        for (table, n) in target.counts().await? {
            if n > 0 {
                return Err(StoreError::Refused(format!(
                    "the target is not empty ({table} has {n} rows): copy only into a new, empty database"
                )));
            }
        }
        let mut tx = target.write().await?;
        let copied = self.walk(Some(&mut tx)).await?;
        if target.backend == Backend::Postgres {
            // Ids were written as they were: the sequences go on from the largest.
            for table in SERIAL {
                sqlx::query(&format!(
                    "SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                ))
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await?;
        let check = target.digests().await?;
        if check != copied {
            let differ: Vec<String> = copied
                .iter()
                .zip(&check)
                .filter(|(a, b)| a != b)
                .map(|(a, b)| format!("{}: {} rows copied, {} found", a.table, a.rows, b.rows))
                .collect();
            return Err(StoreError::Corrupt(format!(
                "the copy does not match its source: {}",
                differ.join("; ")
            )));
        }
        Ok(copied)
    }
}

/// Inserts rows into a table, values bound and `NULL` written as such (a typed null would not
/// fit every column on PostgreSQL).
async fn insert(
    tx: &mut super::Tx,
    table: &str,
    names: &[String],
    rows: &[Vec<Cell>],
) -> Result<(), StoreError> {
    if rows.is_empty() {
        return Ok(());
    }
    let mut sql = format!("INSERT INTO {table} ({}) VALUES ", names.join(", "));
    let mut n = 0;
    for (r, row) in rows.iter().enumerate() {
        sql.push_str(if r == 0 { "(" } else { ", (" });
        for (c, cell) in row.iter().enumerate() {
            if c > 0 {
                sql.push_str(", ");
            }
            match cell {
                Cell::Null => sql.push_str("NULL"),
                _ => {
                    n += 1;
                    let _ = write!(sql, "${n}");
                }
            }
        }
        sql.push(')');
    }
    let mut query = sqlx::query(&sql);
    for cell in rows.iter().flatten() {
        query = match cell {
            Cell::Null => query,
            Cell::Int(i) => query.bind(*i),
            Cell::Text(t) => query.bind(t.as_str()),
            Cell::Blob(b) => query.bind(b.as_slice()),
        };
    }
    query.execute(&mut **tx).await?;
    Ok(())
}

/// Writes a consistent copy of a running SQLite database to a new file (`VACUUM INTO`): the
/// service goes on meanwhile.
pub async fn backup_sqlite(store: &Store, file: &std::path::Path) -> Result<(), StoreError> {
    if store.backend != Backend::Sqlite {
        return Err(StoreError::Refused(
            "`db backup` copies SQLite databases; back up PostgreSQL with pg_dump (see docs/src/operators/backups.md)".into(),
        ));
    }
    if file.exists() {
        return Err(StoreError::Refused(format!(
            "{} exists already: name a new file",
            file.display()
        )));
    }
    // Created empty and private first: the copy is never readable by anyone else, not even
    // while it is written (`VACUUM INTO` takes an empty file).
    {
        use std::os::unix::fs::OpenOptionsExt;
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(file)
            .map_err(|e| StoreError::Refused(format!("cannot create {}: {e}", file.display())))?;
    }
    let path = file.to_string_lossy().replace('\'', "''");
    sqlx::query(&format!("VACUUM INTO '{path}'"))
        .execute(&store.pool)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Store, TABLES};

    #[tokio::test]
    async fn a_copy_moves_every_table_of_the_schema() {
        let file = std::env::temp_dir().join(format!(
            "polysleuth-copy-{}-{}.db",
            std::process::id(),
            rand::random::<u32>()
        ));
        let store = Store::connect(file.to_str().unwrap()).await.unwrap();
        let mut schema: Vec<String> = sqlx::query_as::<_, (String,)>(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'",
        )
        .fetch_all(&store.pool)
        .await
        .unwrap()
        .into_iter()
        .map(|(n,)| n)
        .collect();
        schema.sort();
        let mut copied: Vec<String> = TABLES.iter().map(|(t, _)| t.to_string()).collect();
        copied.sort();
        assert_eq!(
            copied, schema,
            "a table the copy would leave behind, or one gone"
        );
        drop(store);
        let _ = std::fs::remove_file(&file);
    }
}
