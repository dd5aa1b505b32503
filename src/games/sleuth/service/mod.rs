//! Classic Sleuth's use cases: a game made and started, a player's command, a turn's deadline,
//! reminders and digests, the game master's actions. Every change runs the same way
//! (`change`): the game row locked, the engine's state moved, computer seats played, the state
//! and clock stored and every letter the change causes queued, in one transaction. The rules
//! are the `sleuth` engine's; nothing here decides one.

mod clock;
mod create;
mod formed;
mod gm;
mod house_rules;
mod orders;
pub mod record;
mod table;
mod tell;

use crate::clock::now;
use crate::games::sleuth::rules::Sleuth;
use crate::master::{json, Master, MasterError, Result};
use crate::store::games::sleuth::ClassicSave;
use crate::store::{GameRow, GameStatus, PlayerRow};

pub use orders::Answer;
pub use table::{ClassicTable, TABLE};

/// A classic game row's state, parsed.
pub fn parse(row: &GameRow) -> Result<Sleuth> {
    if row.ruleset != crate::games::sleuth::RULESET {
        return Err(MasterError::NotFound(crate::said!(
            "error-not-classic",
            game = row.id
        )));
    }
    serde_json::from_str(&row.state)
        .map_err(|e| MasterError::Corrupt(format!("game {}: {e}", row.id)))
}

/// A player of a classic game, authenticated, with the game as it is now.
pub struct ClassicPlayer {
    pub player: PlayerRow,
    pub game: GameRow,
    pub state: Sleuth,
    pub players: Vec<PlayerRow>,
}

impl Master {
    /// A classic game and its state, for its public pages.
    pub async fn classic_game(&self, id: i64) -> Result<(GameRow, Sleuth)> {
        let row = self.public_game(id).await?;
        let state = parse(&row)?;
        Ok((row, state))
    }

    /// The player a link token belongs to, in a classic game.
    pub async fn classic_seat(&self, token: &str) -> Result<ClassicPlayer> {
        let player = self.authenticate(token).await?;
        let game = self.public_game(player.game_id).await?;
        let state = parse(&game)?;
        let players = self.store.players(&self.store.pool, game.id).await?;
        Ok(ClassicPlayer {
            player,
            game,
            state,
            players,
        })
    }

    /// Moves a classic game in one transaction: `f` changes the state (or refuses, and
    /// nothing is written), computer seats whose turn comes play, and the state, its clock and
    /// every letter are stored. `actor` is the seat whose own command this is: they hear of it
    /// at once even on a digest.
    pub(crate) async fn classic_change<T>(
        &self,
        game_id: i64,
        actor: Option<usize>,
        f: impl FnOnce(&mut Sleuth, &GameRow, &[PlayerRow]) -> Result<T>,
    ) -> Result<T> {
        let mut tx = self.store.write().await?;
        let (out, _) = self.classic_change_in(&mut tx, game_id, actor, f).await?;
        tx.commit().await?;
        Ok(out)
    }

    /// `classic_change` inside a transaction the caller commits (with what else it writes);
    /// returns the state as stored.
    pub(crate) async fn classic_change_in<T>(
        &self,
        tx: &mut crate::store::Tx,
        game_id: i64,
        actor: Option<usize>,
        f: impl FnOnce(&mut Sleuth, &GameRow, &[PlayerRow]) -> Result<T>,
    ) -> Result<(T, Sleuth)> {
        let row = self
            .store
            .game_for_update(tx, game_id)
            .await?
            .ok_or_else(|| MasterError::NotFound(crate::said!("error-no-game", game = game_id)))?;
        let mut state = parse(&row)?;
        let players = self.store.players(&mut **tx, game_id).await?;
        let (turn, events, reveals) = (state.turn, state.log.len(), state.reveals.len());
        // Whether turns went on among skipped players already: the game master is told once.
        let all_skipped = state.turns_among_skipped && state.all_skipped() && !state.over;
        let out = f(&mut state, &row, &players)?;
        play_computers(&mut state, &players, events);
        let now = now();
        while state.began_at.len() < state.turn as usize {
            state.began_at.push(now);
        }
        if state.log.len() != events {
            state.changed_at = now;
        }
        let turn_secs = row.round_seconds;
        let paused = row.status == GameStatus::Paused;
        let (status, deadline, remaining) = if state.over {
            (GameStatus::Over, None, None)
        } else if state.current.is_none() {
            (row.status, None, row.remaining)
        } else if state.turn != turn || (row.turn_deadline.is_none() && !paused) {
            match paused {
                true => (row.status, None, Some(turn_secs)),
                false => (row.status, Some(now + turn_secs), None),
            }
        } else {
            (row.status, row.turn_deadline, row.remaining)
        };
        self.store
            .save_classic(
                tx,
                &ClassicSave {
                    id: game_id,
                    state: &json(&state),
                    turn: state.turn as i64,
                    status,
                    turn_deadline: deadline,
                    remaining,
                },
            )
            .await?;
        let row = self.locked(tx, game_id).await?;
        let since = (events, reveals);
        self.classic_tell(tx, &row, &state, &players, since, all_skipped, actor, now)
            .await?;
        Ok((out, state))
    }
}

/// Computer seats play as the engine's computer players say (`computer::play`).
fn play_computers(state: &mut Sleuth, players: &[PlayerRow], since: usize) {
    let mut levels = vec![None; state.players.len()];
    for p in players {
        if let Some(l) = levels.get_mut(p.seat as usize) {
            *l = p.computer;
        }
    }
    crate::games::sleuth::computer::play(state, &levels, since);
}
