//! Polysleuth's sentences in the reader's language, beyond its Fluent messages: a bulletin's
//! answers and notes (`bulletin`), a turn's problems (`problems`), its house rules
//! (`settings`). The cards' words are the deck's (`lang::words`), shared with every game of
//! the Sleuth deck.

mod bulletin;
pub mod problems;
pub mod settings;

pub use problems::{line_error, line_problem, problem};
pub use settings::settings;

#[cfg(test)]
mod tests;
