//! Clue, the Swimming Pool edition, as the third game (RULES-CLUE): its folder is being built.
//! What stands so far is its board (`board`): places, corridors, distances, the route a move
//! takes and where a roll leaves a piece; and its cards (`cards`), read in either language. It is not in the registry yet: the game is not
//! played until its engine, record and table are whole.

pub mod board;
pub mod cards;
