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
    /// Where the last column was found: a row type reads its columns in about the order the
    /// statement lists them, so the next is looked for from there first.
    next: std::cell::Cell<usize>,
}

impl<'r, 's> Named<'r, 's> {
    pub fn new(row: &'r rusqlite::Row<'s>) -> Self {
        Named {
            row,
            names: row.as_ref().column_names(),
            next: std::cell::Cell::new(0),
        }
    }

    fn at(&self, name: &str) -> Result<usize, StoreError> {
        let from = self.next.get().min(self.names.len());
        let (after, before) = self.names.split_at(from);
        let at = before
            .iter()
            .position(|n| *n == name)
            .map(|i| from + i)
            .or_else(|| after.iter().position(|n| *n == name))
            .ok_or_else(|| StoreError::Direct(format!("no column {name}")))?;
        self.next.set(at + 1);
        Ok(at)
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

#[cfg(test)]
mod named_tests {
    use super::{Columns, Named};

    #[test]
    fn a_column_is_found_by_name_in_any_order() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        let read = |order: &[&str]| -> Vec<String> {
            conn.query_row("SELECT 1 AS a, 'x' AS b, 3 AS c", [], |row| {
                let named = Named::new(row);
                Ok(order
                    .iter()
                    .map(|n| match *n {
                        "b" => named.text(n).unwrap(),
                        n => named.int(n).unwrap().to_string(),
                    })
                    .collect())
            })
            .unwrap()
        };
        assert_eq!(read(&["a", "b", "c"]), ["1", "x", "3"]);
        assert_eq!(read(&["c", "a", "b", "c", "a"]), ["3", "1", "x", "3", "1"]);
        conn.query_row("SELECT 1 AS a", [], |row| {
            assert!(Named::new(row).int("nope").is_err());
            Ok(())
        })
        .unwrap();
    }
}
