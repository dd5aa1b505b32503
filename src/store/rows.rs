//! Reading a row by column name, the same over both drivers: sqlx's rows (the pool, both
//! databases) and rusqlite's (the writer's own SQLite connection). Each row type decodes
//! itself once, from `Columns`, so adding a column is one change that both paths see.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::StoreError;

/// A row whose columns are read by name.
pub trait Columns {
    fn int(&self, name: &str) -> Result<i64, StoreError>;
    fn maybe_int(&self, name: &str) -> Result<Option<i64>, StoreError>;
    fn text(&self, name: &str) -> Result<String, StoreError>;
    fn maybe_text(&self, name: &str) -> Result<Option<String>, StoreError>;
}

impl Columns for AnyRow {
    fn int(&self, name: &str) -> Result<i64, StoreError> {
        Ok(self.try_get(name)?)
    }
    fn maybe_int(&self, name: &str) -> Result<Option<i64>, StoreError> {
        Ok(self.try_get(name)?)
    }
    fn text(&self, name: &str) -> Result<String, StoreError> {
        Ok(self.try_get(name)?)
    }
    fn maybe_text(&self, name: &str) -> Result<Option<String>, StoreError> {
        Ok(self.try_get(name)?)
    }
}

impl Columns for rusqlite::Row<'_> {
    fn int(&self, name: &str) -> Result<i64, StoreError> {
        Ok(self.get(name)?)
    }
    fn maybe_int(&self, name: &str) -> Result<Option<i64>, StoreError> {
        Ok(self.get(name)?)
    }
    fn text(&self, name: &str) -> Result<String, StoreError> {
        Ok(self.get(name)?)
    }
    fn maybe_text(&self, name: &str) -> Result<Option<String>, StoreError> {
        Ok(self.get(name)?)
    }
}

/// A rusqlite row read by column name with its statement's names looked up once: rusqlite's
/// own lookup by name asks SQLite for every column's name at each call, which made decoding a
/// game row a good part of a player's page.
pub struct Named<'r, 's> {
    row: &'r rusqlite::Row<'s>,
    names: Vec<&'r str>,
}

impl<'r, 's> Named<'r, 's> {
    pub fn new(row: &'r rusqlite::Row<'s>) -> Self {
        Named {
            row,
            names: row.as_ref().column_names(),
        }
    }

    fn at(&self, name: &str) -> Result<usize, StoreError> {
        self.names
            .iter()
            .position(|n| *n == name)
            .ok_or_else(|| StoreError::Direct(format!("no column {name}")))
    }
}

impl Columns for Named<'_, '_> {
    fn int(&self, name: &str) -> Result<i64, StoreError> {
        Ok(self.row.get(self.at(name)?)?)
    }
    fn maybe_int(&self, name: &str) -> Result<Option<i64>, StoreError> {
        Ok(self.row.get(self.at(name)?)?)
    }
    fn text(&self, name: &str) -> Result<String, StoreError> {
        Ok(self.row.get(self.at(name)?)?)
    }
    fn maybe_text(&self, name: &str) -> Result<Option<String>, StoreError> {
        Ok(self.row.get(self.at(name)?)?)
    }
}

/// A row type read from `Columns`.
pub trait Decode: Sized {
    fn decode(row: &impl Columns) -> Result<Self, StoreError>;
}

/// Lets sqlx's `query_as` use a row type's one decoder.
macro_rules! from_any_row {
    ($($row:ty),*) => {$(
        impl<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> for $row {
            fn from_row(row: &'r sqlx::any::AnyRow) -> Result<Self, sqlx::Error> {
                <$row as $crate::store::rows::Decode>::decode(row)
                    .map_err(|e| sqlx::Error::Decode(Box::new(e)))
            }
        }
    )*};
}
pub(crate) use from_any_row;
