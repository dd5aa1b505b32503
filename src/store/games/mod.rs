//! The `games` table every game keeps its row in (`table`), and the tables and columns that
//! belong to one game alone, one file per game.

pub mod sherlock;
pub mod sleuth;
mod table;

pub use table::*;
