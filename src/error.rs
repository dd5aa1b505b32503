//! The one error type of the game master's work, a leaf every layer above the store can name:
//! each kind says what the user is told and how the web answers it (`web::error`).

use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum MasterError {
    #[error("{0}")]
    NotFound(String),
    #[error("that link is not valid: check that you copied the whole link from your mail")]
    BadKey,
    #[error("{}", .0.join("; "))]
    Invalid(Vec<String>),
    #[error("{0}")]
    Conflict(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("stored game data is damaged: {0}")]
    Corrupt(String),
    /// A batch of writes could not be committed: nothing of it was stored.
    #[error("{0}")]
    NotStored(String),
    /// Not allowed on this service (HTTP 403).
    #[error("{0}")]
    Forbidden(String),
    /// Too many requests of one kind from one client or for one address (HTTP 429).
    #[error("{0}")]
    TooMany(String),
}

impl From<sqlx::Error> for MasterError {
    fn from(e: sqlx::Error) -> Self {
        MasterError::Store(StoreError::Database(e))
    }
}

pub type Result<T> = std::result::Result<T, MasterError>;
