//! Sherlock Solitaire, the fourth game (RULES-SHERLOCK), begun: its cards (`cards`), the deck
//! shuffled from the seed with its commitment and the game's settings — detectives, case,
//! level, house rules (`setup`), the turn language in English and French (`command`), and the
//! engine (`game`): draws and the redraw, the Office's sets, the Crime Scene's pairs, both
//! detectives' abilities with their choices, wounds, completed sets, reshuffles, the cases and
//! their clocks; a whole game replayed from its seed (`replay`) and a record checked
//! (`verify`); who may see what (`view`); its events in English and French (`words`); and
//! its computer players (`solver`). Not in the
//! registry yet: its service, pages, letters and daily case come next.

pub mod cards;
pub mod command;
pub mod game;
pub mod places;
pub mod replay;
pub mod setup;
pub mod solver;
pub mod verify;
pub mod view;
pub mod words;
