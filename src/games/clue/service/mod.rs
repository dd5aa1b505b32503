//! Clue's use cases: a game made and started, a player's message, a turn's deadline, the game
//! master's actions. Every change runs the same way (`clue_change`): the game row locked, the
//! stored game moved by the engine, its clock and state stored and every letter the change
//! causes queued, in one transaction. The rules are the engine's; nothing here decides one.

mod create;
mod gm;
mod house_rules;
mod orders;
pub mod record;
mod table;
mod tell;

use crate::clock::now;
use crate::games::clue::game::Phase;
use crate::master::{json, Master, MasterError, Result};
use crate::store::games::sleuth::ClassicSave;
use crate::store::{GameRow, GameStatus, PlayerRow};

pub use crate::games::clue::stored::{GmStep, Logged, Message, Replacement, Step, Stored};
pub use orders::Answer;
pub use table::{ClueTable, TABLE};

/// A Clue game row's state, parsed.
pub fn parse(row: &GameRow) -> Result<Stored> {
    if row.ruleset != crate::games::clue::RULESET {
        return Err(MasterError::NotFound(crate::said!(
            "error-not-clue",
            game = row.id
        )));
    }
    serde_json::from_str(&row.state)
        .map_err(|e| MasterError::Corrupt(format!("game {}: {e}", row.id)))
}

/// A player of a Clue game, authenticated, with the game as it is now.
pub struct CluePlayer {
    pub player: PlayerRow,
    pub game: GameRow,
    pub state: Stored,
}

impl Master {
    /// A Clue game and its state, for its public pages.
    pub async fn clue_game(&self, id: i64) -> Result<(GameRow, Stored)> {
        let row = self.public_game(id).await?;
        let state = parse(&row)?;
        Ok((row, state))
    }

    /// The player a link token belongs to, in a Clue game.
    pub async fn clue_seat(&self, token: &str) -> Result<CluePlayer> {
        let player = self.authenticate(token).await?;
        let game = self.public_game(player.game_id).await?;
        let state = parse(&game)?;
        Ok(CluePlayer {
            player,
            game,
            state,
        })
    }

    /// Moves a Clue game in one transaction: `f` changes the stored game (or refuses, and
    /// nothing is written); the state, the turn's clock and every letter are stored.
    pub(crate) async fn clue_change<T>(
        &self,
        game_id: i64,
        f: impl FnOnce(&mut Stored, &GameRow, &[PlayerRow]) -> Result<T>,
    ) -> Result<T> {
        let mut tx = self.store.write().await?;
        let (out, _) = self.clue_change_in(&mut tx, game_id, f).await?;
        tx.commit().await?;
        Ok(out)
    }

    /// `clue_change` inside a transaction the caller commits (with what else it writes);
    /// returns the state as stored.
    pub(crate) async fn clue_change_in<T>(
        &self,
        tx: &mut crate::store::Tx,
        game_id: i64,
        f: impl FnOnce(&mut Stored, &GameRow, &[PlayerRow]) -> Result<T>,
    ) -> Result<(T, Stored)> {
        let row = self.locked(tx, game_id).await?;
        let mut state = parse(&row)?;
        let players = self.store.players(&mut **tx, game_id).await?;
        let (turn, logged) = (state.turn_no, state.log.len());
        let was_showing = state.game.phase == Phase::Showing;
        let (all_skipped_before, skipped_before) = (state.all_skipped(), state.skipped.clone());
        let out = f(&mut state, &row, &players)?;
        // Computer seats whose turn comes play, as people may while the clock is paused; not
        // while the game waits for its game master.
        if matches!(row.status, GameStatus::Open | GameStatus::Paused) {
            let mut levels = vec![None; state.game.players.len()];
            for p in &players {
                if let Some(l) = levels.get_mut(p.seat as usize) {
                    *l = p.computer;
                }
            }
            crate::games::clue::computer::play(&mut state, &levels);
        }
        let now = now();
        while state.began_at.len() < state.turn_no as usize {
            state.began_at.push(now);
        }
        let paused = row.status == GameStatus::Paused;
        let showing = state.game.phase == Phase::Showing;
        // The clock of a refuter asked to choose runs in place of the suggester's, which
        // stops until the answer.
        let show_secs = state.settings.show_hours as i64 * 3600;
        let (status, deadline, remaining) = if state.over() {
            (GameStatus::Over, None, None)
        } else if showing && (!was_showing || state.turn_no != turn) {
            state.turn_left = Some(match state.turn_no != turn {
                true => row.round_seconds,
                false => row
                    .turn_deadline
                    .map(|d| (d - now).max(0))
                    .or(row.remaining)
                    .unwrap_or(row.round_seconds),
            });
            match paused {
                true => (row.status, None, Some(show_secs)),
                false => (row.status, Some(now + show_secs), None),
            }
        } else if was_showing && !showing && state.turn_no == turn {
            let left = state.turn_left.take().unwrap_or(row.round_seconds);
            match paused {
                true => (row.status, None, Some(left)),
                false => (row.status, Some(now + left), None),
            }
        } else if state.turn_no != turn || (row.turn_deadline.is_none() && !paused) {
            match paused {
                true => (row.status, None, Some(row.round_seconds)),
                false => (row.status, Some(now + row.round_seconds), None),
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
                    turn: state.turn_no as i64,
                    status,
                    turn_deadline: deadline,
                    remaining,
                },
            )
            .await?;
        let row = self.locked(tx, game_id).await?;
        self.clue_tell(tx, &row, &state, &players, logged, now)
            .await?;
        // Every player still in is skipped now, and this change made it so without skipping
        // anyone (the last active player went out): the game master is told once (RULES-CLUE
        // §7). A deadline that skips the last one tells them in its own letter.
        let newly_skipped = (state.skipped.iter().enumerate())
            .any(|(s, &k)| k && !skipped_before.get(s).copied().unwrap_or(false));
        if !all_skipped_before && state.all_skipped() && !newly_skipped {
            self.clue_tell_all_skipped(tx, &row, now).await?;
        }
        Ok((out, state))
    }

    /// Passes every Clue turn whose deadline is past; how many.
    pub async fn clue_due(&self) -> Result<usize> {
        let due = self
            .store
            .turns_due(now(), crate::games::clue::RULESET)
            .await?;
        for (id, turn) in &due {
            let passed = self.clue_pass_due(*id, *turn as u32).await;
            crate::master::go_on_after(*id, "passing a turn at its deadline", passed);
        }
        Ok(due.len())
    }

    /// Passes turn `turn` of game `id` if it is still under way past its deadline (another
    /// instance, or the player, may have ended it meanwhile).
    pub(crate) async fn clue_pass_due(&self, id: i64, turn: u32) -> Result<()> {
        let skipped = self
            .clue_change(id, |s, row, _| {
                match s.turn_no == turn && row.turn_deadline.is_some_and(|d| d <= now()) {
                    true => Ok(s.deadline().map(|n| (s.game.players[n.seat].clone(), n))),
                    false => Ok(None),
                }
            })
            .await?;
        if let Some((name, newly)) = skipped {
            self.clue_tell_skipped(id, &name, newly.everyone).await?;
        }
        Ok(())
    }
}
