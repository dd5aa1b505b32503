//! A new game as JSON — from the API (`POST /api/games`) or the command line's
//! `game create --file` — read into a draft request (`request::Draft`) that the one validation
//! checks.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::request::{split_seat, Draft, Forming};
use crate::said;

/// A new game as JSON, from the API (`POST /api/games`) or the command line's
/// `game create --file`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGameBody {
    pub name: String,
    pub gm_email: String,
    /// `["Ann <ann@example.org>", …]`
    pub players: Vec<String>,
    /// The game, by its name or one of its aliases (none: the first game of the registry).
    #[serde(default)]
    pub ruleset: Option<String>,
    /// The game's house rules, as that game reads them.
    #[serde(default)]
    pub settings: Option<serde_json::Value>,
    #[serde(default)]
    pub round_hours: Option<f64>,
    #[serde(default)]
    pub grace_minutes: Option<f64>,
    #[serde(default)]
    pub time_zone: Option<String>,
    /// `en` (default) or `fr`.
    #[serde(default)]
    pub language: Option<String>,
    #[serde(default)]
    pub listed: Option<bool>,
    #[serde(default)]
    pub seed: Option<u64>,
    #[serde(default)]
    pub deal: Option<BTreeMap<String, Vec<String>>>,
    /// Hours before the deadline at which players with no turn are reminded (default "24,2").
    #[serde(default)]
    pub reminder_hours: Option<String>,
    /// The first round's deadline, in epoch seconds; later rounds last `round_hours`.
    #[serde(default)]
    pub first_deadline: Option<i64>,
    /// Gather players by sign-up or invitation instead of naming them.
    #[serde(default)]
    pub forming: Option<FormingBody>,
    /// The most rounds a player may declare themselves away at once (default 0: never).
    #[serde(default)]
    pub max_absence: Option<i64>,
    /// Hand a player marked done for being idle to the first standby (default false).
    #[serde(default)]
    pub auto_standby: Option<bool>,
}

/// `"forming": {"min_players": 3, "max_players": 5, "start_at": 1790000000, "invite": […]}`
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormingBody {
    pub min_players: usize,
    pub max_players: usize,
    #[serde(default)]
    pub start_at: Option<i64>,
    #[serde(default)]
    pub invite: Vec<String>,
}

impl NewGameBody {
    pub fn draft(self) -> Draft {
        let mut problems = Vec::new();
        let (mut players, mut choices) = (Vec::new(), Vec::new());
        for p in &self.players {
            match split_seat(p) {
                Some((pair, choice)) => {
                    players.push(pair);
                    choices.push(choice);
                }
                None => problems.push(said!("error-player-not-written", player = p)),
            }
        }
        let ruleset = self.ruleset;
        // The game's house rules are read by the game, at the check.
        let rules = self.settings;
        Draft {
            name: self.name,
            gm_email: self.gm_email,
            players,
            ruleset,
            rules,
            round_hours: self.round_hours,
            grace_minutes: self.grace_minutes,
            time_zone: self.time_zone,
            language: self.language,
            listed: self.listed.unwrap_or(true),
            seed: self.seed,
            deal: self.deal,
            reminder_hours: self.reminder_hours,
            first_deadline: self.first_deadline,
            problems,
            choices,
            forming: self.forming.map(|f| Forming {
                min_players: f.min_players,
                max_players: f.max_players,
                start_at: f.start_at,
                invite: f.invite,
            }),
            max_absence: self.max_absence,
            auto_standby: self.auto_standby.unwrap_or(false),
            door: super::request::Door::Api,
        }
    }
}
