//! The `secrets` table: the service's own secrets, made on first use and kept.

use super::{Store, StoreError};

impl Store {
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
}
