//! The `site_settings` table: what the running service says about itself (its base URL), for
//! the command line that works on the same database, and what its background work remembers
//! between ticks (the first day whose daily games may still be open).

use super::{Store, StoreError};

impl Store {
    /// Keeps a setting of the site, replacing the one kept before.
    pub async fn keep_site_setting(&self, name: &str, value: &str) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "INSERT INTO site_settings (name, value) VALUES ($1, $2)
             ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        )
        .bind(name)
        .bind(value)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// A setting of the site, if the service kept one.
    pub async fn site_setting(&self, name: &str) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_as("SELECT value FROM site_settings WHERE name = $1")
                .bind(name)
                .fetch_optional(&self.pool)
                .await?
                .map(|(v,): (String,)| v),
        )
    }
}
