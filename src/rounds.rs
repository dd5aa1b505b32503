//! A game of simultaneous rounds, as the core's group-commit writer runs it (`Rounds`): the
//! turns submitted at the same moment are checked together between one read and one write,
//! and the rounds due at the same moment are closed together, so a deadline storm is a few
//! transactions, not thousands. The writer knows no game: it reads the rows, hands them to the
//! game's `Rounds`, writes what the game planned and answers each job with the game's own
//! reply. What every game of rounds shares — who submits, which round to close and why, when
//! a round whose players are all ready closes early — is here too.

use std::any::Any;

use crate::error::Result;
use crate::model::{ClosedBy, Resolution, Via};
use crate::store::{Closing, GameRow, PlayerRow, TurnRow, Writes};

/// A turn submission waiting to be stored with others.
pub struct Submission<'a> {
    pub player: &'a PlayerRow,
    pub text: &'a str,
    pub via: Via,
    /// The round it was worked out for, when that matters (a computer's turn): refused once
    /// that round has closed.
    pub round: Option<i64>,
}

/// A round to close.
#[derive(Clone, Copy, Debug)]
pub struct CloseRequest {
    pub game_id: i64,
    /// The round meant: if the game has moved on, nothing is done.
    pub round: i64,
    pub closed_by: ClosedBy,
    pub resolution: Resolution,
}

/// A game's answer to one submission, as the writer carries it back: the game that planned
/// it reads it as its own type (`Box::downcast`).
pub type Reply = Box<dyn Any + Send>;

/// What a batch of submissions decided: the rows to write, then each one's answer.
pub trait PlannedTurns: Send {
    /// The statements that store the plan.
    fn writes(&self) -> Writes<'_>;
    /// Each submission's answer, in their order.
    fn replies(self: Box<Self>) -> Vec<Result<Reply>>;
}

/// What a batch of closings decided: the rows to write, then each one's answer — whether the
/// round was closed and, if so, whether the game is over; None when it was closed already,
/// is not open, or another instance holds its game.
pub trait PlannedClosings: Send {
    /// The statements that store every round closed.
    fn writes(&self) -> Writes<'_>;
    /// Each closing's answer, in their order.
    fn results(self: Box<Self>) -> Vec<Result<Option<bool>>>;
}

/// A game of simultaneous rounds, as the writer asks it. Both plans are pure: they read only
/// what they are given.
pub trait Rounds: Send + Sync {
    /// Checks a batch's submissions in order against their games (`rows`) and the turns in
    /// force (`open`, by game id).
    fn plan(
        &self,
        rows: Vec<GameRow>,
        open: Vec<(i64, TurnRow)>,
        submissions: &[Submission<'_>],
        now: i64,
    ) -> Result<Box<dyn PlannedTurns>>;

    /// Plans the closings in their order over the games read (`closings`, by id).
    fn close(
        &self,
        closings: &[Closing],
        requests: &[CloseRequest],
        now: i64,
    ) -> Box<dyn PlannedClosings>;
}

/// The games of a batch's submissions, in id order, each once.
pub fn games_of(submissions: &[Submission<'_>]) -> Vec<i64> {
    let mut ids: Vec<i64> = submissions.iter().map(|s| s.player.game_id).collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// When the round closes early: once every active player's turn is marked ready, after the
/// grace period from the first moment they all were; a turn that stops being ready cancels it.
pub fn early_close(game: &GameRow, all_ready: bool, now: i64) -> Option<i64> {
    match (all_ready, game.close_at) {
        (true, Some(at)) => Some(at),
        (true, None) => Some(now + game.grace_seconds),
        (false, _) => None,
    }
}
