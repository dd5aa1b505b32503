//! Clue, the Swimming Pool edition, as the third game (RULES-CLUE): its folder is being built.
//! What stands so far is its board (`board`): places, corridors, distances, the route a move
//! takes and where a roll leaves a piece; its cards (`cards`), read in either language; and its
//! set-up drawn from the seed (`setup`): envelope, hands, spare cards, weapon tokens, roll-off
//! and commitment; its turn language in English and French (`command`); and its game
//! (`game`): moves, suggestions answered with the refuter's preferences, accusations, the end;
//! its house rules (`settings`); who may see what (`view`); a whole game run from a replay
//! input (`replay`); and the board's picture as SVG (`picture`). It is not in the registry yet: the game is not
//! played until its engine, record and table are whole.

pub mod board;
pub mod cards;
pub mod command;
pub mod game;
pub mod picture;
pub mod replay;
pub mod settings;
pub mod setup;
pub mod view;
