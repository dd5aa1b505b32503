//! Classic Sleuth, exactly as RULES-SLEUTH.md rules it. Pure like Polysleuth's engine: no I/O,
//! no clock, no database. It shares the cards and their traits (`games/deck/`) and the
//! commitment's hash with Polysleuth, and the Information Sheet assistant with `deduce/`;
//! everything else — settings, set-up, the Search deck, the turn language, the moves and the
//! views — is its own: a state that is serde JSON, a `new` that deals and commits, an
//! `act(seat, text)` that refuses by line or moves, a `deadline(turn)`, and views per reader.

pub mod command;
pub mod game;
pub mod play;
pub mod problem;
pub mod search;
pub mod settings;
pub mod setup;
pub mod sheet;
pub mod view;

pub use command::Rejected;
pub use game::{Event, Reveal, SeatState, SetupError, Sleuth, Standing, Step};
pub use play::Moved;
pub use problem::Refusal;
pub use search::SearchCard;
pub use settings::Settings;
pub use setup::Deal;

#[cfg(test)]
mod tests;
