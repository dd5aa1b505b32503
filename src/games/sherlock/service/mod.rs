//! Sherlock Solitaire's use cases: a game made, a player's reply (mail, page, API), a play
//! lined up or taken back on the page, a turn's deadline, the game master's actions. Every
//! change runs the same way (`sherlock_change`): the game row locked, the stored game moved by
//! the engine, its clock and state stored and every letter the change causes queued, in one
//! transaction. The rules are the engine's; nothing here decides one.

mod create;
pub mod daily;
mod gm;
pub mod house_rules;
pub mod record;
mod table;
mod tell;

use crate::clock::now;
use crate::games::sherlock::replay::Replied;
use crate::games::sherlock::stored::{NotNow, Stored};
use crate::master::{json, Master, MasterError, Result};
use crate::said;
use crate::store::games::sleuth::ClassicSave;
use crate::store::{GameRow, GameStatus, PlayerRow};

pub use table::{SherlockTable, TABLE};

/// A Sherlock game row's state, parsed.
pub fn parse(row: &GameRow) -> Result<Stored> {
    if row.ruleset != crate::games::sherlock::RULESET {
        return Err(MasterError::NotFound(said!(
            "error-not-sherlock",
            game = row.id
        )));
    }
    serde_json::from_str(&row.state)
        .map_err(|e| MasterError::Corrupt(format!("game {}: {e}", row.id)))
}

/// A player of a Sherlock game, authenticated, with the game as it is now.
pub struct SherlockPlayer {
    pub player: PlayerRow,
    pub game: GameRow,
    pub state: Stored,
}

/// Why a seat may not act now, as an error its player reads.
fn not_now(e: NotNow, t: crate::lang::Lang) -> MasterError {
    match e {
        NotNow::Over => MasterError::Conflict(said!("error-game-over")),
        NotNow::OthersTurn(name, d) => MasterError::Conflict(said!(
            "error-sherlock-not-your-turn",
            player = name,
            detective = crate::games::sherlock::words::detective(t, d)
        )),
    }
}

/// Whether `seat` may act now, or why not. A daily case's game takes no play once its day
/// has ended: the day's deck is public from then on, and the scheduler ends the game.
fn may_act(s: &Stored, row: &GameRow, seat: usize, t: crate::lang::Lang) -> Result<()> {
    // Past the turn's deadline, before the scheduler has passed it on (the rules: a player
    // acts before the turn's deadline).
    if row.past_turn_deadline(now()) {
        return Err(MasterError::Conflict(said!("error-turn-past-deadline")));
    }
    if let Some(day) = s.daily.as_deref().filter(|d| daily::ended(d)) {
        return Err(MasterError::Conflict(said!(
            "error-sherlock-daily-ended",
            day = day
        )));
    }
    s.may_act(seat).map_err(|e| not_now(e, t))
}

impl Master {
    /// A Sherlock game and its state, for its public pages: a daily case's game is no one's
    /// to see until its day ends.
    pub async fn sherlock_game(&self, id: i64) -> Result<(GameRow, Stored)> {
        let row = self.public_game(id).await?;
        let state = parse(&row)?;
        if let Some(day) = state.daily.as_ref().filter(|d| !daily::ended(d)) {
            return Err(MasterError::NotFound(said!(
                "error-sherlock-daily-hidden",
                day = day.as_str()
            )));
        }
        Ok((row, state))
    }

    /// The player a link token belongs to, in a Sherlock game.
    pub async fn sherlock_seat(&self, token: &str) -> Result<SherlockPlayer> {
        let player = self.authenticate(token).await?;
        let game = self.public_game(player.game_id).await?;
        let state = parse(&game)?;
        Ok(SherlockPlayer {
            player,
            game,
            state,
        })
    }

    /// Carries out a player's reply (after the page's lined-up plays when `with_pending`).
    pub async fn sherlock_reply(
        &self,
        player: &PlayerRow,
        text: &str,
        with_pending: bool,
    ) -> Result<Replied> {
        let done = self.sherlock_reply_seen(player, text, with_pending, |_| ());
        Ok(done.await?.0)
    }

    /// `sherlock_reply`, with what `seen` reads of the game as the reply left it, in the
    /// reply's own transaction (None when the reply was refused unread): what an answer shows
    /// of the turn is never that of a turn another hand ended since.
    pub async fn sherlock_reply_seen<T>(
        &self,
        player: &PlayerRow,
        text: &str,
        with_pending: bool,
        seen: impl FnOnce(&Stored) -> T,
    ) -> Result<(Replied, Option<T>)> {
        // Too long to be commands: refused whole, unread (a reply that plays is kept whole).
        if let Some((first, why)) = crate::games::typography::too_long_refusal(text) {
            let refused = Replied {
                lines: vec![crate::games::sherlock::replay::LineDone::of(
                    &first,
                    Err(crate::games::sherlock::replay::Why::TooLong(why)),
                )],
                ..Replied::default()
            };
            return Ok((refused, None));
        }
        let seat = player.seat as usize;
        self.sherlock_change(player.game_id, |s, row| {
            may_act(s, row, seat, player.lang(row))?;
            let done = s.reply(seat, text, with_pending);
            Ok((done, Some(seen(s))))
        })
        .await
    }

    /// Lines a play up on the player's page (carried out at once when it shows a card of the
    /// deck); the error is the rules' reason, and nothing is kept.
    pub async fn sherlock_line_up(
        &self,
        player: &PlayerRow,
        line: &str,
    ) -> Result<std::result::Result<Option<Replied>, crate::games::sherlock::replay::Why>> {
        let seat = player.seat as usize;
        self.sherlock_change(player.game_id, |s, row| {
            may_act(s, row, seat, player.lang(row))?;
            Ok(s.line_up(seat, line))
        })
        .await
    }

    /// Takes back the last play lined up on the page: false when there was none.
    pub async fn sherlock_undo(&self, player: &PlayerRow) -> Result<bool> {
        let seat = player.seat as usize;
        self.sherlock_change(player.game_id, |s, row| {
            may_act(s, row, seat, player.lang(row))?;
            Ok(s.undo())
        })
        .await
    }

    /// Moves a Sherlock game in one transaction: `f` changes the stored game (or refuses, and
    /// nothing is written); computer seats whose turn comes play; the state, the turn's clock
    /// and every letter are stored.
    pub(crate) async fn sherlock_change<T>(
        &self,
        game_id: i64,
        f: impl FnOnce(&mut Stored, &GameRow) -> Result<T>,
    ) -> Result<T> {
        let mut tx = self.store.write().await?;
        let row = self.locked(&mut tx, game_id).await?;
        let mut state = parse(&row)?;
        let players = self.store.players(&mut *tx, game_id).await?;
        let (turn, logged) = (state.game.turn, state.log.len());
        let out = f(&mut state, &row)?;
        if matches!(row.status, GameStatus::Open | GameStatus::Paused) {
            computers_play(&mut state, &players);
        }
        let now = now();
        while state.began_at.len() < state.game.turn as usize {
            state.began_at.push(now);
        }
        let paused = row.status == GameStatus::Paused;
        let (status, deadline, remaining) = if state.over() {
            (GameStatus::Over, None, None)
        } else if row.round_seconds == 0 || row.status == GameStatus::Unconfirmed {
            (row.status, None, row.remaining)
        } else if state.game.turn != turn || (row.turn_deadline.is_none() && !paused) {
            match paused {
                true => (row.status, None, Some(row.round_seconds)),
                false => (row.status, Some(now + row.round_seconds), None),
            }
        } else {
            (row.status, row.turn_deadline, row.remaining)
        };
        self.store
            .save_classic(
                &mut tx,
                &ClassicSave {
                    id: game_id,
                    state: &json(&state),
                    turn: state.game.turn as i64,
                    status,
                    turn_deadline: deadline,
                    remaining,
                },
            )
            .await?;
        let row = self.locked(&mut tx, game_id).await?;
        self.sherlock_tell(&mut tx, &row, &state, &players, logged, turn, now)
            .await?;
        tx.commit().await?;
        if state.over() {
            if let Some(day) = &state.daily {
                tracing::info!(game = game_id, day = %day, "a daily case ended");
            }
        }
        Ok(out)
    }

    /// Ends every Sherlock turn whose deadline (house rule `turn_hours`) is past; how many.
    pub async fn sherlock_due(&self) -> Result<usize> {
        let due = self
            .store
            .turns_due(now(), crate::games::sherlock::RULESET)
            .await?;
        for (id, turn) in &due {
            let turn = *turn as u32;
            let passed = self.sherlock_change(*id, |s, row| {
                // Another instance, or the player, may have ended this turn meanwhile.
                if s.game.turn == turn && row.turn_deadline.is_some_and(|d| d <= now()) {
                    s.time_out();
                }
                Ok(())
            });
            crate::master::go_on_after(*id, "ending a turn at its deadline", passed.await);
        }
        Ok(due.len())
    }
}

/// Computer seats play their turns whole: the searching solver for a detective or a master,
/// the greedy one for a novice.
fn computers_play(state: &mut Stored, players: &[PlayerRow]) {
    use crate::games::sherlock::solver::{next_line, planned_line};
    loop {
        let seat = state.seat_on_turn();
        let level = players
            .iter()
            .find(|p| p.seat as usize == seat)
            .and_then(|p| p.computer);
        let Some(level) = level.filter(|_| !state.over()) else {
            return;
        };
        let mut lines = Vec::new();
        let mut g = state.game.clone();
        let mut rng = crate::games::sherlock::setup::play_stream(&state.salt, state.seed);
        rng.set_word_pos(state.drawn as u128);
        loop {
            let line = match level {
                crate::level::Level::Novice => next_line(&g),
                _ => planned_line(&g),
            };
            let Some(line) = line else { break };
            let Ok(c) = crate::games::sherlock::command::read(&line) else {
                break;
            };
            if g.play(&c, &mut rng).is_err() {
                break;
            }
            lines.push(line);
            if g.over() {
                break;
            }
        }
        let turn = state.game.turn;
        state.reply(seat, &lines.join("\n"), false);
        if state.game.turn == turn && !state.over() {
            // Nothing it could play ended the turn: its deadline would; end it now.
            state.time_out();
        }
    }
}
