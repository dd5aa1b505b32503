//! The reads of closing rounds: the games, with their open rounds' turns, their players and
//! their confirmed observers, for a batch of games at once. Run by the group-commit writer on
//! either of its connections (`batch`), with the same statement texts and row decoders.

use super::games::GAME_COLUMNS;
use super::observers::OBSERVER_COLUMNS;
use super::players::PLAYER_COLUMNS;
use super::rows::{Columns, Decode};
use super::turns::OPEN_TURNS;
use super::{GameRow, ObserverRow, PlayerRow, StoreError, TurnRow};

/// A game whose round is to be closed, with all that closing it reads.
#[derive(Clone, Debug)]
pub struct Closing {
    pub game: GameRow,
    /// The turns in force of its open round.
    pub turns: Vec<TurnRow>,
    pub players: Vec<PlayerRow>,
    pub observers: Vec<ObserverRow>,
}

/// The four reads, each over a list of game ids written where `IN` ends the text (the id list
/// or, on SQLite, `(SELECT value FROM json_each($1))`); a lock clause follows the games' on
/// PostgreSQL.
pub(super) fn reads(ids: &str) -> [String; 4] {
    [
        format!("SELECT {GAME_COLUMNS} FROM games WHERE id IN {ids} ORDER BY id"),
        format!("{OPEN_TURNS} {ids} ORDER BY t.game_id, t.seat"),
        format!(
            "SELECT {PLAYER_COLUMNS} FROM players
             WHERE game_id IN {ids} ORDER BY game_id, seat"
        ),
        format!(
            "SELECT {OBSERVER_COLUMNS} FROM observers WHERE game_id IN {ids}
             AND confirmed_at IS NOT NULL ORDER BY id"
        ),
    ]
}

/// The rows of the four reads, in their order, as one `Closing` per game found (a game locked
/// by another instance is not found).
pub(super) fn gather(
    games: Vec<GameRow>,
    turns: Vec<(i64, TurnRow)>,
    players: Vec<PlayerRow>,
    observers: Vec<ObserverRow>,
) -> Vec<Closing> {
    let mut closings: Vec<Closing> = games
        .into_iter()
        .map(|game| Closing {
            game,
            turns: Vec::new(),
            players: Vec::new(),
            observers: Vec::new(),
        })
        .collect();
    // The games are in id order: each row finds its game by a binary search.
    let at = |closings: &[Closing], id: i64| closings.binary_search_by_key(&id, |c| c.game.id).ok();
    for (id, t) in turns {
        if let Some(i) = at(&closings, id) {
            closings[i].turns.push(t);
        }
    }
    for p in players {
        if let Some(i) = at(&closings, p.game_id) {
            closings[i].players.push(p);
        }
    }
    for o in observers {
        if let Some(i) = at(&closings, o.game_id) {
            closings[i].observers.push(o);
        }
    }
    closings
}

/// One turn row of the turns read: its game and the turn.
pub(super) fn turn_row(r: &impl Columns) -> Result<(i64, TurnRow), StoreError> {
    Ok((r.int("game_id")?, TurnRow::decode(r)?))
}
