//! Polysleuth's own words above its engine, shared by its use cases, pages and letters: a
//! bulletin as stored (the engine's public bulletin with the game master's notes and who
//! closed the round) and what a turn submission answers.

use serde::{Deserialize, Serialize};

use crate::games::polysleuth::rules::view::Bulletin;
use crate::games::polysleuth::rules::LineError;
use crate::model::{ClosedBy, Note};

/// A bulletin as stored: the rules engine's public bulletin plus the game master's notes.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StoredBulletin {
    #[serde(flatten)]
    pub bulletin: Bulletin,
    pub notes: Vec<Note>,
    pub closed_by: ClosedBy,
}

/// The answer to a turn submission.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum TurnReply {
    Accepted {
        round: i64,
        text: String,
        ready: bool,
        done: bool,
        revision: i64,
    },
    Rejected {
        round: i64,
        errors: Vec<LineError>,
        /// The turn that stays in force, if any.
        kept: Option<String>,
    },
    Cleared {
        round: i64,
    },
}

impl TurnReply {
    /// Counts a committed turn reply for `/metrics`.
    pub fn count(&self) {
        match self {
            TurnReply::Accepted { .. } => crate::metrics::METRICS.turns_accepted.inc(),
            TurnReply::Rejected { .. } => crate::metrics::METRICS.turns_rejected.inc(),
            TurnReply::Cleared { .. } => {}
        }
    }
}
