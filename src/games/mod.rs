//! The games this service runs, each in a folder of its own: its pure engine (`rules/`), its
//! record (`replay`), and, as the reshaping goes on, its computer players, pages, letters and
//! commands. What the two Sleuth-deck games share — the 36 cards, their traits and names —
//! is `deck`.

pub mod deck;
pub mod polysleuth;
pub mod sleuth;
