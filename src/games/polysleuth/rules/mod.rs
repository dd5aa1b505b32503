//! The game, exactly as RULES.md rules it. Pure: no I/O, no async, no clock, no database.
//! Everything else calls this module; nothing else decides a game rule.

pub use crate::games::deck as cards;
pub mod deal;
pub mod fate;
mod french;
pub mod game;
mod lines;
pub mod problem;
pub mod resolve;
pub mod settings;
pub mod turn;
pub use crate::games::typography;
pub mod view;

#[cfg(test)]
mod properties;

pub use cards::{Card, CardSet, Colour, Gem, Kind, Trait};
pub use deal::{verify_commitment, Deal, DealError, Owner};
pub use fate::QuestionFate;
pub use game::{Game, Guess, Question, SetupError, Turn};
pub use problem::{Holder, Problem};
pub use settings::{QuestionPayment, Settings, SettingsError};
pub use turn::LineError;
pub use view::{Bulletin, PrivateReport, RoundOutcome};
