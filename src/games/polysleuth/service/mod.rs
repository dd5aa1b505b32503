//! Polysleuth's use cases in the service: turns submitted and withdrawn (`turns`), rounds
//! closed (`rounds`, planned by `closer`), turns checked in batches (`planner`), reminders,
//! the record as decoded (`records`), and the Information Sheets (`sheets`). This file holds
//! what they keep while the service runs (`Kept`): the parsed states, the decoded records and
//! the sheets' wake-up, and the group-commit writer's view of the game (`Rounds`).

use std::sync::Arc;

use crate::error::Result;
use crate::games::polysleuth::rules::Game;
use crate::master::table::Kept as TableKept;
use crate::master::Master;
use crate::rounds::{CloseRequest, PlannedClosings, PlannedTurns, Rounds, Submission};
use crate::site::Site;
use crate::store::{Closing, GameRow, TurnRow};

pub mod closer;
pub mod computers;
mod gm;
pub mod model;
pub mod pages;
pub mod planner;
mod records;
mod reminders;
mod rounds;
mod seats;
pub mod sheets;
pub mod states;
mod turns;

pub use planner::Planner;
use states::States;

/// What Polysleuth keeps for as long as a game master runs.
pub struct Kept {
    pub planner: Planner,
    /// Bulletins and reports as decoded, kept per game (`records`).
    records: records::Records,
    /// Woken after each resolution, so the players' sheets are worked out at once.
    pub sheets_due: tokio::sync::Notify,
}

/// Polysleuth's share of a new game master: its caches, and its rounds for the writer.
pub fn keep(site: &Site, web_confirm_after: i64) -> TableKept {
    let kept = Arc::new(Kept {
        planner: Planner {
            site: site.clone(),
            states: States::default(),
            web_confirm_after,
        },
        records: Default::default(),
        sheets_due: Default::default(),
    });
    TableKept {
        part: kept.clone(),
        rounds: Some(kept),
    }
}

/// Polysleuth's part of a game master.
pub fn kept(master: &Master) -> &Kept {
    master
        .part::<Kept>()
        .expect("every game master keeps Polysleuth's part")
}

impl Rounds for Kept {
    fn plan(
        &self,
        rows: Vec<GameRow>,
        open: Vec<(i64, TurnRow)>,
        submissions: &[Submission<'_>],
        now: i64,
    ) -> Result<Box<dyn PlannedTurns>> {
        Ok(Box::new(self.planner.plan(rows, open, submissions, now)?))
    }

    fn close(
        &self,
        closings: &[Closing],
        requests: &[CloseRequest],
        now: i64,
    ) -> Box<dyn PlannedClosings> {
        Box::new(closer::plan(&self.planner.site, closings, requests, now))
    }
}

impl Master {
    /// The parsed state of a Polysleuth game row, from memory when this round was parsed
    /// before.
    pub fn state_of(&self, row: &GameRow) -> Result<Arc<Game>> {
        kept(self).planner.states.of(row)
    }

    /// The parsed states this game master shares with its writer.
    pub fn states(&self) -> &States {
        &kept(self).planner.states
    }
}
