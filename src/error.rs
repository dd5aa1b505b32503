//! The one error type of the game master's work, a leaf every layer above the store can name:
//! each kind says what the user is told (as data, `lang::Said`, worded in the reader's
//! language) and how the web answers it (`web::error`).

use crate::lang::{Lang, Said};
use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum MasterError {
    #[error("{0}")]
    NotFound(Said),
    #[error("that link is not valid: check that you copied the whole link from your mail")]
    BadKey,
    #[error("{}", Lang::En.said_all(.0))]
    Invalid(Vec<Said>),
    #[error("{0}")]
    Conflict(Said),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("stored game data is damaged: {0}")]
    Corrupt(String),
    /// A batch of writes could not be committed: nothing of it was stored.
    #[error("{0}")]
    NotStored(Said),
    /// Not allowed on this service (HTTP 403).
    #[error("{0}")]
    Forbidden(Said),
    /// Too many requests of one kind from one client or for one address (HTTP 429).
    #[error("{0}")]
    TooMany(Said),
}

impl MasterError {
    /// What the user is told, to be worded in their language. A failing database is not
    /// described (its error may name internals): the caller logs it.
    pub fn said(&self) -> Said {
        match self {
            MasterError::NotFound(s)
            | MasterError::Conflict(s)
            | MasterError::NotStored(s)
            | MasterError::Forbidden(s)
            | MasterError::TooMany(s) => s.clone(),
            MasterError::Invalid(all) if all.len() == 1 => all[0].clone(),
            MasterError::Invalid(all) => Said::All(all.clone()),
            MasterError::BadKey => Said::new("error-bad-key"),
            MasterError::Store(_) | MasterError::Corrupt(_) => Said::new("error-database"),
        }
    }

    /// What the user is told, in their language.
    pub fn worded(&self, t: Lang) -> String {
        t.said(&self.said())
    }

    /// A refusal with one problem.
    pub fn invalid(said: Said) -> MasterError {
        MasterError::Invalid(vec![said])
    }
}

impl From<sqlx::Error> for MasterError {
    fn from(e: sqlx::Error) -> Self {
        MasterError::Store(StoreError::Database(e))
    }
}

pub type Result<T> = std::result::Result<T, MasterError>;
