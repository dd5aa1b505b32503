//! The operator's database commands: what a database holds (`db status`), moving it whole to
//! another (`db copy`, SQLite to PostgreSQL and back), a consistent copy of a running SQLite
//! service (`db backup`) and putting one back (`db restore`). Each prints what it did; on bad
//! input it says what was wrong and writes nothing.

use std::path::Path;

use anyhow::Context;

use crate::store::copy::{backup_sqlite, Copied};
use crate::store::Store;

/// A SQLite database named must exist: opening a missing one would make an empty one.
fn must_exist(url: &str) -> anyhow::Result<()> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return Ok(());
    }
    let path = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .unwrap_or(url);
    let path = path.split('?').next().unwrap_or(path);
    match Path::new(path).is_file() {
        true => Ok(()),
        false => anyhow::bail!("there is no database file {path}"),
    }
}

/// The schema version and the rows of every table, as JSON.
pub async fn status(url: &str) -> anyhow::Result<serde_json::Value> {
    must_exist(url)?;
    let store = Store::open(url)
        .await
        .with_context(|| format!("cannot open the database {url}"))?;
    let version = store.schema_version().await?;
    let latest = store.latest_version();
    let mut tables = serde_json::Map::new();
    if version > 0 {
        for (table, n) in store.counts().await? {
            tables.insert(table.into(), n.into());
        }
    }
    Ok(serde_json::json!({
        "schema_version": version,
        "this_build_knows": latest,
        "state": match version {
            0 => "empty: `serve` creates the schema",
            v if v < latest => "older: `serve` migrates it at start",
            v if v > latest => "newer than this build: run the polysleuth that wrote it",
            _ => "current",
        },
        "tables": tables,
    }))
}

/// Copies everything from one database to another, empty one; the target's schema is made
/// first. The source must be at this build's schema version.
pub async fn copy(from: &str, to: &str) -> anyhow::Result<Vec<Copied>> {
    must_exist(from)?;
    let source = Store::open(from)
        .await
        .with_context(|| format!("cannot open the source database {from}"))?;
    let (version, latest) = (source.schema_version().await?, source.latest_version());
    if version != latest {
        anyhow::bail!(
            "the source is at schema version {version}, this polysleuth writes version {latest}: \
             {}",
            if version < latest {
                "start `polysleuth serve` on it once (it migrates at start), then copy"
            } else {
                "copy it with the polysleuth that wrote it"
            }
        );
    }
    let target = Store::connect(to)
        .await
        .with_context(|| format!("cannot open the target database {to}"))?;
    Ok(source.copy_to(&target).await?)
}

/// A consistent copy of a running SQLite database, in a new file.
pub async fn backup(url: &str, file: &Path) -> anyhow::Result<()> {
    must_exist(url)?;
    let store = Store::open(url)
        .await
        .with_context(|| format!("cannot open the database {url}"))?;
    backup_sqlite(&store, file).await?;
    // A backup holds the secret that signs every reply address, as the database does.
    crate::store::keep_private(file);
    Ok(())
}

/// Puts a backup file back into an empty database.
pub async fn restore(file: &Path, to: &str) -> anyhow::Result<Vec<Copied>> {
    if !file.is_file() {
        anyhow::bail!("{} is not a file", file.display());
    }
    let header = std::fs::read(file)
        .map(|b| b.starts_with(b"SQLite format 3\0"))
        .unwrap_or(false);
    let url = format!("sqlite://{}?mode=rw", file.display());
    let backup = match header {
        true => Store::open(&url).await.ok(),
        false => None,
    };
    let Some(backup) = backup else {
        anyhow::bail!(
            "{} is not a backup of this service (not a SQLite database)",
            file.display()
        );
    };
    if backup.schema_version().await? == 0 {
        anyhow::bail!(
            "{} is not a backup of this service (it has no schema of polysleuth's)",
            file.display()
        );
    }
    copy(&url, to).await
}
